import { IDS } from '../common/constants.ts';
import type { HomePageData } from '../lib/model.ts';
import { CardList } from '../components/CardList.tsx';
import { SmartLink } from '../components/SmartLink.tsx';
import { useSite } from '../components/SiteContext.tsx';
import { Layout } from './Layout.tsx';

/** "/": a hero with the site title and tagline, calls to action into the docs, and feature cards. */
export function HomePage({ head, cards }: HomePageData) {
  const { config } = useSite();
  return (
    <Layout head={head}>
      <main id={IDS.main} className="home" tabIndex={-1}>
        <div className="hero">
          <div className="hero__inner">
            <h1 className="hero__title">{config.title}</h1>
            <p className="hero__tagline">{config.tagline}</p>
            <ul className="hero__actions">
              {config.home.actions.map((action, index) => (
                <li key={action.href}>
                  <SmartLink href={action.href} className={index === 0 ? 'button button--primary' : 'button button--secondary'}>
                    {action.label}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <section className="home__features container" aria-labelledby="home-features">
          <h2 id="home-features" className="visually-hidden">What you can build</h2>
          <CardList cards={cards} className="cards cards--home" />
        </section>
      </main>
    </Layout>
  );
}
