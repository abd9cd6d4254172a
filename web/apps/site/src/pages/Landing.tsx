/**
 * The landing page (`/`): the salon sold from `GET /api/business` and the services. A hero with
 * its picture (the salon's photo once uploaded in "Ajustes", else the bundled illustration),
 * whether it is open now, and the ways to book (the chat) or call; the services with
 * duration, price, "Reservar" (which opens the chat asking for that service) and their next
 * free times, each booked in a short form without the chat; where to find it (a map link), its
 * hours, its team and its FAQ; its reviews ("Opiniones"); and its `HairSalon` structured data.
 *
 * While the business and the services load, each part that waits for them is drawn as it will
 * be, with made-up content of the usual size dressed as a skeleton (`Pending`), in a section
 * marked busy, so that nothing moves when the data comes.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useLandingReviews } from '../api/reviews';
import type { Business, ListResponse, OpeningPeriod, Service } from '../api/types';
import { useServices } from '../api/queries';
import { useOpenChat, type OpenChat } from '../chat/useOpenChat';
import { useBusiness, useTimeZone } from '../shell/business';
import { formatAddress, mapHref, telHref } from '../shell/contact';
import { formatPrice, formatTime } from '../shell/format';
import { LoadingStatus } from '../shell/Skeleton';
import { usePageTitle } from '../shell/usePageTitle';
import { EMPTY_CONTACT } from './landing/BookingDialog';
import { HeroArt } from './landing/HeroArt';
import './landing/landing.css';
import { LandingReviews } from './landing/LandingReviews';
import { openingStatus } from './landing/openingStatus';
import { ServiceTimes } from './landing/ServiceTimes';
import { StructuredData } from './landing/StructuredData';

const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];

/** The services drawn while the menu loads: two rows of three on a laptop. */
const PENDING_SERVICES = 6;

/** The made-up service a pending card is drawn with: a short name and description, as most. */
const SAMPLE_SERVICE = {
  name: 'Corte de pelo',
  description: 'Corte, lavado y secado.',
  priceCents: 2500,
  durationMin: 45,
};

const DEFAULT_LEAD =
  'Cortes, color y peinados. Reserva tu cita cuando quieras: nuestro asistente te ayuda a elegir el servicio, el día y la hora.';

export function Landing() {
  usePageTitle('Reserva tu cita');
  const { business, loading } = useBusiness();
  const services = useServices();
  const reviews = useLandingReviews();
  const timeZone = useTimeZone();
  const openChat = useOpenChat();
  const description = business?.description ?? '';
  const lead = description !== '' ? description : DEFAULT_LEAD;

  return (
    <div className="page landing">
      <section className="landing-hero" aria-labelledby="landing-title" aria-busy={loading}>
        <div>
          {business ? (
            <OpenNow business={business} />
          ) : (
            loading && (
              <p className="opening-status" aria-hidden="true">
                <Pending>Horario de hoy · hasta las 20:00</Pending>
              </p>
            )
          )}
          <h1 id="landing-title">
            {loading ? (
              <>
                <Pending>Nuestra peluquería</Pending>
                <LoadingStatus />
              </>
            ) : (
              (business?.name ?? 'Nuestra peluquería')
            )}
          </h1>
          <p className="lead">{loading ? <Pending>{DEFAULT_LEAD}</Pending> : lead}</p>
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
            {business?.phone ? (
              <a className="button button-secondary button-large" href={telHref(business.phone)}>
                Llamar
              </a>
            ) : (
              loading && (
                <span className="button button-secondary button-large" aria-hidden="true">
                  <Pending>Llamar</Pending>
                </span>
              )
            )}
          </div>
        </div>
        <HeroPicture business={business} loading={loading} />
      </section>
      <Services data={services.data} loading={services.loading} openChat={openChat} />
      <LandingReviews list={reviews.list} loading={reviews.loading} timeZone={timeZone} />
      <div className="landing-columns">
        <section aria-labelledby="visit-title" className="card landing-section">
          <h2 id="visit-title">Visítanos</h2>
          {business && <Contact business={business} />}
          <section aria-labelledby="hours-title" aria-busy={loading}>
            <h3 id="hours-title">Horario</h3>
            {loading ? (
              <OpeningHours hours={null} />
            ) : business ? (
              <OpeningHours hours={business.hours} />
            ) : (
              <p className="muted">No se pudo cargar el horario.</p>
            )}
          </section>
        </section>
        {(loading || (business?.team && business.team.length > 0)) && (
          <section
            aria-labelledby="team-title"
            className="card landing-section"
            aria-busy={!business?.team}
          >
            <h2 id="team-title">Nuestro equipo</h2>
            {business?.team ? (
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
            ) : (
              <>
                <ul className="landing-team" aria-hidden="true">
                  {['Lucía', 'Javier'].map((name) => (
                    <li key={name}>
                      <span className="landing-initials skeleton-pending" />
                      <Pending>{name}</Pending>
                    </li>
                  ))}
                </ul>
                <LoadingStatus />
              </>
            )}
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
      {business && services.data && !reviews.loading && (
        <StructuredData business={business} services={services.data.items} reviews={reviews.list} />
      )}
    </div>
  );
}

/**
 * Made-up content standing in for what is loading: the same text in the same element takes the
 * same room, drawn as a skeleton's bar and hidden from assistive technology.
 */
function Pending({ children }: { children: ReactNode }) {
  return (
    <span className="skeleton-pending" aria-hidden="true">
      {children}
    </span>
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
  // One visitor: what they type in one service's booking form is there in the next.
  const [contact, setContact] = useState(EMPTY_CONTACT);
  return (
    <section aria-labelledby="services-title" className="landing-section" aria-busy={loading}>
      <h2 id="services-title">Servicios</h2>
      {loading ? (
        <>
          <ul className="landing-services" aria-hidden="true">
            {Array.from({ length: PENDING_SERVICES }, (_, index) => (
              <ServiceCard key={index} service={SAMPLE_SERVICE} pending />
            ))}
          </ul>
          <LoadingStatus />
        </>
      ) : data ? (
        <ul className="landing-services">
          {data.items
            .filter((service) => service.active)
            .map((service) => (
              <ServiceCard
                key={service.id}
                service={service}
                book={
                  openChat
                    ? () => {
                        openChat(`Quiero reservar ${service.name}`);
                      }
                    : undefined
                }
                times={
                  <ServiceTimes service={service} contact={contact} onContactChange={setContact} />
                }
              />
            ))}
        </ul>
      ) : (
        <p className="muted">No se pudieron cargar los servicios.</p>
      )}
    </section>
  );
}

interface ServiceCardProps {
  service: Pick<Service, 'name' | 'description' | 'priceCents' | 'durationMin'>;
  /** Asks the chat for this service ("Reservar"); without it, no button. */
  book?: () => void;
  /** Drawn while the menu loads: its texts as skeleton bars, its button inert. */
  pending?: boolean;
  /** Its next free times, booked without the chat. */
  times?: ReactNode;
}

function ServiceCard({ service, book, pending = false, times }: ServiceCardProps) {
  const text = (content: ReactNode) => (pending ? <Pending>{content}</Pending> : content);
  return (
    <li className="card landing-service">
      <div>
        <h3>{text(service.name)}</h3>
        {service.description && <p className="muted">{text(service.description)}</p>}
      </div>
      <div className="landing-service-foot">
        <p>
          {text(
            <>
              <span className="landing-service-price">{formatPrice(service.priceCents)}</span>
              {' · '}
              <span className="muted">{service.durationMin} min</span>
            </>,
          )}
        </p>
        {pending ? (
          <span className="button button-primary skeleton-pending">Reservar</span>
        ) : (
          book && (
            <button type="button" className="button button-primary" onClick={book}>
              Reservar <span className="visually-hidden">{service.name}</span>
            </button>
          )
        )}
      </div>
      {pending ? (
        <span className="button button-secondary landing-times-ask skeleton-pending">
          Ver horas libres
        </span>
      ) : (
        times
      )}
    </li>
  );
}

/**
 * Each weekday with its opening periods, or "Cerrado"; without the hours yet (`null`), each day
 * with a pending morning and afternoon.
 */
function OpeningHours({ hours }: { hours: OpeningPeriod[] | null }) {
  const day = (weekday: number) => {
    if (hours === null) return <Pending>09:30–14:00, 16:30–20:30</Pending>;
    const periods = hours
      .filter((period) => period.weekday === weekday)
      .sort((first, second) => first.openMin - second.openMin);
    return periods.length === 0
      ? 'Cerrado'
      : periods
          .map((period) => `${formatTime(period.openMin)}–${formatTime(period.closeMin)}`)
          .join(', ');
  };
  return (
    <>
      <dl className="hours">
        {WEEKDAYS.map((name, index) => (
          <div key={name} className="hours-day">
            <dt>{name}</dt>
            <dd>{day(index + 1)}</dd>
          </div>
        ))}
      </dl>
      {hours === null && <LoadingStatus />}
    </>
  );
}
