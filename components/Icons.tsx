// Inline SVG icons: no icon font, no request. All decorative (aria-hidden); the control carries the name.
const common = { 'aria-hidden': true, focusable: false, width: 20, height: 20, viewBox: '0 0 24 24' } as const;

/** Written on several lines so that the page source reads well; path data treats a newline as a space. */
const SUN_PATH = [
  'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0-5a1 1 0 0 1 1 1v1.5a1 1 0 1 1-2 0V3a1 1 0 0 1 1-1Z',
  'm0 17.5a1 1 0 0 1 1 1V21a1 1 0 1 1-2 0v-.5a1 1 0 0 1 1-1Z',
  'M3 11h1.5a1 1 0 1 1 0 2H3a1 1 0 1 1 0-2Zm16.5 0H21a1 1 0 1 1 0 2h-1.5a1 1 0 1 1 0-2Z',
  'M5.6 4.2l1.1 1.1a1 1 0 0 1-1.4 1.4L4.2 5.6a1 1 0 0 1 1.4-1.4Z',
  'm12.1 12.1 1.1 1.1a1 1 0 0 1-1.4 1.4l-1.1-1.1a1 1 0 0 1 1.4-1.4Z',
  'M18.8 5.6l-1.1 1.1a1 1 0 0 1-1.4-1.4l1.1-1.1a1 1 0 0 1 1.4 1.4Z',
  'M6.7 17.7l-1.1 1.1a1 1 0 0 1-1.4-1.4l1.1-1.1a1 1 0 0 1 1.4 1.4Z',
].join('\n    ');

export function SunIcon() {
  return (
    <svg {...common} className="icon icon--sun">
      <path fill="currentColor" d={SUN_PATH} />
    </svg>
  );
}

export function MoonIcon() {
  return (
    <svg {...common} className="icon icon--moon">
      <path fill="currentColor" d="M20.7 14.6A8.5 8.5 0 0 1 9.4 3.3a.8.8 0 0 0-1-1A10 10 0 1 0 21.7 15.6a.8.8 0 0 0-1-1Z" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg {...common} width={24} height={24} className="icon">
      <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}

export function SearchIcon() {
  return (
    <svg {...common} width={16} height={16} className="icon">
      <path fill="none" stroke="currentColor" strokeLinecap="round" strokeWidth="2.4" d="m20 20-4.2-4.2M17 10.5a6.5 6.5 0 1 1-13 0 6.5 6.5 0 0 1 13 0Z" />
    </svg>
  );
}

export function HomeIcon() {
  return (
    <svg {...common} width={18} height={18} className="icon">
      <path fill="currentColor" d="M10 19v-5h4v5c0 .6.4 1 1 1h3c.6 0 1-.4 1-1v-7h1.7c.5 0 .7-.6.3-.9L12.7 3.6a1 1 0 0 0-1.4 0l-8.3 7.5c-.4.3-.2.9.3.9H5v7c0 .6.4 1 1 1h3c.6 0 1-.4 1-1Z" />
    </svg>
  );
}

export function ExternalIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width={12} height={12} viewBox="0 0 24 24" className="icon icon--external">
      <path fill="currentColor" d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z" />
    </svg>
  );
}

export function CaretIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width={16} height={16} viewBox="0 0 24 24" className="icon icon--caret">
      <path fill="currentColor" d="M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z" />
    </svg>
  );
}

/** Card icons of category index pages: a sub-category, a page, an external link. */
export function CardIcon({ kind }: { kind: 'category' | 'doc' | 'link' }) {
  const paths = {
    category: 'M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6Z',
    doc: 'M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm7 1.5V9h5.5M8 13h8M8 17h8',
    link: 'M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1',
  } as const;
  return (
    <svg aria-hidden="true" focusable="false" width={20} height={20} viewBox="0 0 24 24" className="icon card__icon">
      <path d={paths[kind]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
