/**
 * The landing page (`/`): who the business is, its services and prices, its opening hours, and
 * the way to book, which is the chat.
 */
import type { ListResponse, OpeningPeriod, Service } from '../api/types';
import { useResource } from '../api/useResource';
import { useOpenChat } from '../chat/useOpenChat';
import { useBusiness } from '../shell/business';
import { formatPrice, formatTime } from '../shell/format';
import { Skeleton } from '../shell/Skeleton';
import { usePageTitle } from '../shell/usePageTitle';

const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

export function Landing() {
  usePageTitle('Reserva tu cita');
  const { business, loading } = useBusiness();
  const openChat = useOpenChat();

  return (
    <div className="page landing">
      <section className="hero" aria-labelledby="landing-title">
        {loading ? (
          <Skeleton variant="heading" />
        ) : (
          <h1 id="landing-title">{business?.name ?? 'Nuestra peluquería'}</h1>
        )}
        <p className="lead">
          Cortes, color y peinados. Reserva tu cita cuando quieras: nuestro asistente te ayuda a
          elegir el servicio, el día y la hora.
        </p>
        {openChat ? (
          <button type="button" className="button button-primary button-large" onClick={openChat}>
            Reservar por chat
          </button>
        ) : (
          <p>Para reservar, abre el chat en la esquina inferior derecha.</p>
        )}
      </section>
      <div className="landing-columns">
        <Services />
        <section aria-labelledby="hours-title" className="card">
          <h2 id="hours-title">Horario</h2>
          {loading ? (
            <Skeleton variant="paragraph" count={7} />
          ) : business ? (
            <OpeningHours hours={business.hours} />
          ) : (
            <p className="muted">No se pudo cargar el horario.</p>
          )}
        </section>
      </div>
    </div>
  );
}

function Services() {
  const { data, loading } = useResource<ListResponse<Service>>('/api/services');
  return (
    <section aria-labelledby="services-title" className="card">
      <h2 id="services-title">Servicios</h2>
      {loading ? (
        <Skeleton variant="paragraph" count={4} />
      ) : data ? (
        <ul className="service-list">
          {data.items
            .filter((service) => service.active)
            .map((service) => (
              <li key={service.id} className="service">
                <div>
                  <h3 className="service-name">{service.name}</h3>
                  {service.description && <p className="muted">{service.description}</p>}
                </div>
                <p className="service-facts">
                  <span className="service-price">{formatPrice(service.priceCents)}</span>
                  <span className="muted">{service.durationMin} min</span>
                </p>
              </li>
            ))}
        </ul>
      ) : (
        <p className="muted">No se pudieron cargar los servicios.</p>
      )}
    </section>
  );
}

/** Each weekday with its opening periods, or "Cerrado". */
function OpeningHours({ hours }: { hours: OpeningPeriod[] }) {
  return (
    <dl className="hours">
      {WEEKDAYS.map((name, index) => {
        const periods = hours.filter((period) => period.weekday === index + 1);
        return (
          <div key={name} className="hours-day">
            <dt>{name}</dt>
            <dd>
              {periods.length === 0
                ? 'Cerrado'
                : periods
                    .map((period) => `${formatTime(period.openMin)}–${formatTime(period.closeMin)}`)
                    .join(', ')}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
