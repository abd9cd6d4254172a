/**
 * The landing page (`/`): the salon sold from `GET /api/business` and the services. A hero with
 * its picture (the salon's photo once uploaded in "Ajustes", else the bundled illustration),
 * whether it is open now, and the ways to book (the chat) or call; the services with
 * duration, price and "Reservar" (which opens the chat asking for that service); where to find it
 * (a map link), its hours, its team and its FAQ; and its `HairSalon` structured data.
 */
import { useEffect, useState } from 'react';
import type { Business, ListResponse, OpeningPeriod, Service } from '../api/types';
import { useServices } from '../api/queries';
import { useOpenChat, type OpenChat } from '../chat/useOpenChat';
import { useBusiness } from '../shell/business';
import { formatAddress, mapHref, telHref } from '../shell/contact';
import { formatPrice, formatTime } from '../shell/format';
import { Skeleton } from '../shell/Skeleton';
import { usePageTitle } from '../shell/usePageTitle';
import { HeroArt } from './landing/HeroArt';
import './landing/landing.css';
import { openingStatus } from './landing/openingStatus';
import { StructuredData } from './landing/StructuredData';

const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

const DEFAULT_LEAD =
  'Cortes, color y peinados. Reserva tu cita cuando quieras: nuestro asistente te ayuda a elegir el servicio, el día y la hora.';

export function Landing() {
  usePageTitle('Reserva tu cita');
  const { business, loading } = useBusiness();
  const services = useServices();
  const openChat = useOpenChat();
  const description = business?.description ?? '';
  const lead = description !== '' ? description : DEFAULT_LEAD;

  return (
    <div className="page landing">
      <section className="landing-hero" aria-labelledby="landing-title">
        <div>
          {business && <OpenNow business={business} />}
          {loading ? (
            <Skeleton variant="heading" />
          ) : (
            <h1 id="landing-title">{business?.name ?? 'Nuestra peluquería'}</h1>
          )}
          <p className="lead">{lead}</p>
          <div className="actions">
            {openChat ? (
              <button
                type="button"
                className="button button-primary button-large"
                onClick={() => {
                  openChat();
                }}
              >
                Reservar por chat
              </button>
            ) : (
              <p>Para reservar, abre el chat en la esquina inferior derecha.</p>
            )}
            {business?.phone && (
              <a className="button button-secondary button-large" href={telHref(business.phone)}>
                Llamar
              </a>
            )}
          </div>
        </div>
        <HeroPicture business={business} loading={loading} />
      </section>
      <Services data={services.data} loading={services.loading} openChat={openChat} />
      <div className="landing-columns">
        <section aria-labelledby="visit-title" className="card landing-section">
          <h2 id="visit-title">Visítanos</h2>
          {business && <Contact business={business} />}
          <section aria-labelledby="hours-title">
            <h3 id="hours-title">Horario</h3>
            {loading ? (
              <Skeleton variant="paragraph" count={7} />
            ) : business ? (
              <OpeningHours hours={business.hours} />
            ) : (
              <p className="muted">No se pudo cargar el horario.</p>
            )}
          </section>
        </section>
        {business?.team && business.team.length > 0 && (
          <section aria-labelledby="team-title" className="card landing-section">
            <h2 id="team-title">Nuestro equipo</h2>
            <ul className="landing-team">
              {business.team.map((member) => (
                <li key={member.id}>
                  <span className="landing-initials" aria-hidden="true">
                    {member.firstName.slice(0, 1).toUpperCase()}
                  </span>
                  {member.firstName}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      {business?.faq && business.faq.length > 0 && (
        <section aria-labelledby="faq-title" className="landing-section landing-faq">
          <h2 id="faq-title">Preguntas frecuentes</h2>
          {business.faq.map((entry) => (
            <details key={entry.question}>
              <summary>{entry.question}</summary>
              <p>{entry.answer}</p>
            </details>
          ))}
        </section>
      )}
      {business && services.data && (
        <StructuredData business={business} services={services.data.items} />
      )}
    </div>
  );
}

/**
 * The hero's picture: the salon's photo (`heroUrl`) when it has one, else the bundled
 * illustration, which also stands in for a photo that cannot be loaded. Decorative either way:
 * the heading and the text beside it say what the page is. While the business loads, an empty
 * frame of the same size (no illustration flashing before the photo).
 */
function HeroPicture({ business, loading }: { business: Business | null; loading: boolean }) {
  if (loading) return <div className="hero-art hero-pending" aria-hidden="true" />;
  const url = business?.heroUrl;
  return url ? <HeroPhoto key={url} url={url} /> : <HeroArt />;
}

function HeroPhoto({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <HeroArt />;
  return (
    <img
      className="hero-photo"
      src={url}
      alt=""
      onError={() => {
        setFailed(true);
      }}
    />
  );
}

/** The current minute, kept fresh so "Abierto ahora" turns into "Cerrado" while the page is open. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => {
      setNow(new Date());
    }, 60_000);
    return () => {
      window.clearInterval(timer);
    };
  }, []);
  return now;
}

function OpenNow({ business }: { business: Business }) {
  const now = useNow();
  const status = openingStatus(now, business.timeZone, business.hours, business.closures);
  return (
    <p className="opening-status" data-open={status.open}>
      {status.text}
    </p>
  );
}

function Contact({ business }: { business: Business }) {
  const { address, phone, email } = business;
  const place = formatAddress(address);
  if (!place && !phone && !email) return null;
  return (
    <dl className="landing-contact">
      {place && (
        <div>
          <dt>Dirección</dt>
          <dd>
            {place} · <a href={mapHref(address)}>Ver en el mapa</a>
          </dd>
        </div>
      )}
      {phone && (
        <div>
          <dt>Teléfono</dt>
          <dd>
            <a href={telHref(phone)}>{phone}</a>
          </dd>
        </div>
      )}
      {email && (
        <div>
          <dt>Correo</dt>
          <dd>
            <a href={`mailto:${email}`}>{email}</a>
          </dd>
        </div>
      )}
    </dl>
  );
}

interface ServicesProps {
  data: ListResponse<Service> | undefined;
  loading: boolean;
  openChat: OpenChat | null;
}

function Services({ data, loading, openChat }: ServicesProps) {
  return (
    <section aria-labelledby="services-title" className="landing-section">
      <h2 id="services-title">Servicios</h2>
      {loading ? (
        <Skeleton variant="paragraph" count={4} />
      ) : data ? (
        <ul className="landing-services">
          {data.items
            .filter((service) => service.active)
            .map((service) => (
              <li key={service.id} className="card landing-service">
                <div>
                  <h3>{service.name}</h3>
                  {service.description && <p className="muted">{service.description}</p>}
                </div>
                <div className="landing-service-foot">
                  <p>
                    <span className="landing-service-price">{formatPrice(service.priceCents)}</span>
                    {' · '}
                    <span className="muted">{service.durationMin} min</span>
                  </p>
                  {openChat && (
                    <button
                      type="button"
                      className="button button-primary"
                      onClick={() => {
                        openChat(`Quiero reservar ${service.name}`);
                      }}
                    >
                      Reservar <span className="visually-hidden">{service.name}</span>
                    </button>
                  )}
                </div>
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
        const periods = hours
          .filter((period) => period.weekday === index + 1)
          .sort((first, second) => first.openMin - second.openMin);
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
