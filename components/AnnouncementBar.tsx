import { PAGE_TEXTS } from '../common/texts.ts';
import { SmartLink } from './SmartLink.tsx';
import { useSite } from './SiteContext.tsx';

/** Shown above the navbar when site.yml configures one; the head script hides a dismissed one before paint. */
export function AnnouncementBar() {
  const { config } = useSite();
  const announcement = config.announcement;
  if (!announcement) return null;
  return (
    <section className="announcement" aria-label="Announcement" data-announcement-id={announcement.id}>
      <p className="announcement__text">
        {announcement.text}
        {announcement.link ? <> <SmartLink href={announcement.link.href}>{announcement.link.label}</SmartLink></> : null}
      </p>
      <button type="button" className="announcement__close" aria-label={PAGE_TEXTS.close} title={PAGE_TEXTS.close} data-announcement-close="">
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
