/** The site's footer on the public pages: the salon's name, address and phone. */
import { useBusiness } from './business';
import { formatAddress, formatPhone, telHref } from './contact';

export function Footer() {
  const { business } = useBusiness();
  const place = formatAddress(business?.address);
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <p className="site-footer-name">{business?.name ?? 'Nuestra peluquería'}</p>
        {place && <p>{place}</p>}
        {business?.phone && (
          <p>
            <a href={telHref(business.phone)}>{formatPhone(business.phone)}</a>
          </p>
        )}
        <p>Reserva por chat a cualquier hora del día.</p>
      </div>
    </footer>
  );
}
