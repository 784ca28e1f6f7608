import { useSite } from './SiteContext.tsx';
import { SmartLink } from './SmartLink.tsx';

export function Footer() {
  const site = useSite();
  // The same on every page: rendered once (SiteContextValue.sharedHtml).
  return <footer className="footer" dangerouslySetInnerHTML={{ __html: site.sharedHtml('footer', () => <FooterContent />, site) }} />;
}

function FooterContent() {
  const { config } = useSite();
  return (
    <div className="footer__inner">
      <div className="footer__groups">
        {config.footer.groups.map((group) => (
          <div className="footer__group" key={group.title}>
            <p className="footer__title">{group.title}</p>
            <ul>
              {group.items.map((item) => (
                <li key={item.label}>
                  <SmartLink href={item.href} className="footer__link" externalIcon>{item.label}</SmartLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="footer__copyright">{config.footer.copyright}</p>
    </div>
  );
}
