/**
 * Frame of every public page, branded by the order's landing site (spec
 * section 1, DECISIONS section 5): the `full` site shows its whole menu, the
 * `reduced` sites only a contact link; each has its own logo and footer.
 */
import type { ReactNode } from 'react';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { COPYRIGHT_YEAR, type Branding } from '../../../../shared/schemas/tracking';
import { APP_NAME } from '../../lib/app-name';
import { useBranding } from './api/branding';
import { TranslateWidget } from './TranslateWidget';
import './public.css';

const FOOTER_LINKS = ['Terms', 'Privacy', 'Refund'];

function FullHeader({ brand }: { brand: Branding }) {
  return (
    <Navbar expand="lg" className="public-header public-header-full" as="header">
      <div className="container">
        <Navbar.Brand href={brand.menu_links[0]?.url ?? brand.contact_url}>
          <img src={brand.logo_url} alt={brand.name} className="public-logo" />
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="public-menu" label="Menu" />
        <Navbar.Collapse id="public-menu">
          <Nav className="ms-auto" as="nav" aria-label="Main menu">
            {brand.menu_links.map((link) => <Nav.Link key={link.url} href={link.url}>{link.label}</Nav.Link>)}
          </Nav>
        </Navbar.Collapse>
      </div>
    </Navbar>
  );
}

function ReducedHeader({ brand }: { brand: Branding }) {
  return (
    <header className="public-header public-header-reduced">
      <div className="container d-flex align-items-center justify-content-between py-2">
        <img src={brand.logo_url} alt={brand.name} className="public-logo" />
        <a className="public-contact-link" href={brand.contact_url}>Contact</a>
      </div>
    </header>
  );
}

function Footer({ brand }: { brand: Branding }) {
  const legal = brand.menu_links.filter((l) => FOOTER_LINKS.includes(l.label));
  return (
    <footer className="public-footer">
      <div className="container py-4">
        <div className="row g-3 align-items-center">
          <div className="col-md-8">
            <p className="mb-1">{brand.footer_text}</p>
            <p className="mb-0 small">
              Questions? <a href={`mailto:${brand.support_email}`}>{brand.support_email}</a>
              {legal.map((l) => <span key={l.url}> · <a href={l.url}>{l.label}</a></span>)}
            </p>
          </div>
          <div className="col-md-4 text-md-end small">© {COPYRIGHT_YEAR} {brand.name}. All rights reserved.</div>
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

export function PublicLayout({ encodedOrderId, children }: { encodedOrderId?: string; children: (brand: Branding | undefined) => ReactNode }) {
  const { data: brand, isPending } = useBranding(encodedOrderId);
  return (
    <div className={`public-page d-flex flex-column ${brand ? `brand-${brand.site_key}` : ''}`} data-header={brand?.header_style}>
      {brand?.translate_widget_url ? <TranslateWidget scriptUrl={brand.translate_widget_url} /> : null}
      {brand ? (brand.header_style === 'full' ? <FullHeader brand={brand} /> : <ReducedHeader brand={brand} />) : <PlainHeader />}
      <main className="flex-grow-1 py-4">{isPending ? null : children(brand)}</main>
      {brand ? <Footer brand={brand} /> : null}
    </div>
  );
}
