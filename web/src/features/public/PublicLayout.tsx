/**
 * Frame of every public page, branded by the order's landing site (product: public-pages.md#branding): the `full` site shows its whole menu, the
 * `reduced` sites only a contact link; each has its own logo and footer.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { Branding } from '../../../../shared/schemas/tracking';
import { COPYRIGHT_YEAR } from '../../../../shared/schemas/tracking-texts';
import { APP_NAME } from '../../lib/app-name';
import { useBranding } from './api/branding';
import { dismissNotice, useLocation } from './public-router';
import { LanguageMenu } from './i18n/LanguageMenu';
import { useT, type MessageId } from './i18n/messages';
import { TranslateWidget } from './TranslateWidget';
import './public.css';

const FOOTER_LINKS = ['Terms', 'Privacy', 'Refund'];

/** The logo box is reserved (public.css) so the page does not move when the image arrives. */
const Logo = ({ brand }: { brand: Branding }) => (
  <img src={brand.logo_url} alt={brand.name} className="public-logo" height={44} />
);

/** Bootstrap's navbar markup; below 992 px the menu folds behind the Menu button. */
function FullHeader({ brand }: { brand: Branding }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <header className="navbar navbar-expand-lg public-header public-header-full">
      <div className="container">
        <a className="navbar-brand" href={brand.menu_links[0]?.url ?? brand.contact_url}>
          <Logo brand={brand} />
        </a>
        <button
          type="button"
          className={`navbar-toggler ${open ? '' : 'collapsed'}`}
          aria-controls="public-menu"
          aria-expanded={open}
          aria-label={t('layout.menu')}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="public-menu" className={`navbar-collapse collapse ${open ? 'show' : ''}`}>
          <nav className="navbar-nav ms-auto" aria-label={t('layout.mainMenu')}>
            {brand.menu_links.map((link) => (
              <a key={link.url} className="nav-link" href={link.url}>
                {link.label}
              </a>
            ))}
          </nav>
        </div>
      </div>
    </header>
  );
}

function ReducedHeader({ brand }: { brand: Branding }) {
  const t = useT();
  return (
    <header className="public-header public-header-reduced">
      <div className="container d-flex align-items-center justify-content-between py-2">
        <Logo brand={brand} />
        <a className="public-contact-link" href={brand.contact_url}>
          {t('layout.contact')}
        </a>
      </div>
    </header>
  );
}

function Footer({ brand }: { brand: Branding }) {
  const t = useT();
  const legal = brand.menu_links.filter((l) => FOOTER_LINKS.includes(l.label));
  return (
    <footer className="public-footer">
      <div className="container py-4">
        <div className="row g-3 align-items-center">
          <div className="col-md-8">
            <p className="mb-1">{brand.footer_text}</p>
            <p className="mb-0 small">
              {t('layout.questions')} <a href={`mailto:${brand.support_email}`}>{brand.support_email}</a>
              {legal.map((l) => (
                <span key={l.url}>
                  {' '}
                  · <a href={l.url}>{l.label}</a>
                </span>
              ))}
            </p>
          </div>
          <div className="col-md-4 text-md-end small">
            {t('layout.copyright', { year: String(COPYRIGHT_YEAR), site: brand.name })}
          </div>
        </div>
      </div>
    </footer>
  );
}

/** While the branding loads (or if it cannot), a plain frame with the product name. */
function PlainHeader() {
  return (
    <header className="public-header">
      <div className="container py-3 fw-bold">{APP_NAME}</div>
    </header>
  );
}

/** The notice the last navigation brought (an order found, a link that expired), until the next one. */
function NoticeBar() {
  const t = useT();
  const { notice } = useLocation();
  if (!notice) return null;
  return (
    <div className="container">
      <div className={`alert alert-${notice.kind} alert-dismissible public-card`} role="alert">
        {notice.text}
        <button type="button" className="btn-close" aria-label={t('layout.close')} onClick={dismissNotice} />
      </div>
    </div>
  );
}

/** The browser tab's title: the page's heading and the site, in the page's language. */
function useTitle(page: MessageId, site: string) {
  const t = useT();
  const title = t('layout.title', { page: t(page), site });
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function PublicLayout({
  encodedOrderId,
  title,
  children,
}: {
  encodedOrderId?: string | undefined;
  /** The page's heading, for the title. */
  title: MessageId;
  children: (brand: Branding | undefined) => ReactNode;
}) {
  const { data: brand, isPending } = useBranding(encodedOrderId);
  useTitle(title, brand?.name ?? APP_NAME);
  return (
    <div
      className={`public-page d-flex flex-column ${brand ? `brand-${brand.site_key}` : ''}`}
      data-header={brand?.header_style}
    >
      {brand?.translate_widget_url ? <TranslateWidget scriptUrl={brand.translate_widget_url} /> : null}
      <LanguageMenu />
      {brand ? (
        brand.header_style === 'full' ? (
          <FullHeader brand={brand} />
        ) : (
          <ReducedHeader brand={brand} />
        )
      ) : (
        <PlainHeader />
      )}
      <main className="flex-grow-1 py-4">
        <NoticeBar />
        {isPending ? null : children(brand)}
      </main>
      {brand ? <Footer brand={brand} /> : null}
    </div>
  );
}
