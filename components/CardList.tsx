import type { Card } from '../lib/model.ts';
import { CardIcon } from './Icons.tsx';
import { SmartLink } from './SmartLink.tsx';

/** Cards linking to pages: the home page's features, a category page's docs and sub-categories. */
export function CardList({ cards, className }: { cards: Card[]; className: string }) {
  return (
    <ul className={className}>
      {cards.map((card) => (
        <li key={card.href}>
          <SmartLink href={card.href} className="card">
            <span className="card__title">{card.icon ? <CardIcon kind={card.icon} /> : null}{card.title}</span>
            <span className="card__description">{card.description}</span>
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}
