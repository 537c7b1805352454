import { companyLocation, companyName, logoUrl } from '../config';
import './footer.css';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <img src={logoUrl} alt="" width={36} height={36} />
          <span>{companyName}</span>
        </div>
        <div className="site-footer__notes">
          <p>
            © {new Date().getFullYear()} {companyName}. All rights reserved.
          </p>
          <p>Some images and media on this site may be AI-generated.</p>
          <p>{companyLocation}</p>
        </div>
      </div>
    </footer>
  );
}
