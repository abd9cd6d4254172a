import type { Service } from '../api/types';

/** What the service form holds: text as typed, the price in euros ("25,50"). */
export interface ServiceDraft {
  name: string;
  description: string;
  durationMin: string;
  price: string;
  active: boolean;
}

export type ServiceFields = Omit<Service, 'id'>;
export type ServiceErrors = Partial<Record<keyof ServiceDraft, string>>;

// The server's limits (docs/DASHBOARD-API.md, D3), checked here too so mistakes show at once.
export const NAME_MAX = 80;
export const DESCRIPTION_MAX = 500;
const DURATION_MIN = 5;
const DURATION_MAX = 480;
const PRICE_MAX_CENTS = 10_000_000;

export function draftOf(service: Service | undefined): ServiceDraft {
  if (service === undefined) {
    return { name: '', description: '', durationMin: '30', price: '', active: true };
  }
  return {
    name: service.name,
    description: service.description,
    durationMin: String(service.durationMin),
    price: (service.priceCents / 100).toFixed(2).replace('.', ','),
    active: service.active,
  };
}

/** Euros as typed in Spain ("25", "25,5", "25.50") → cents, or null when it is not a price. */
export function parsePriceCents(price: string): number | null {
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(price.trim());
  if (!match) return null;
  const [, euros = '0', fraction = ''] = match;
  return Number(euros) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The fields to send, or the Spanish problem of each field that breaks a limit. */
export function validateService(
  draft: ServiceDraft,
): { fields: ServiceFields } | { errors: ServiceErrors } {
  const errors: ServiceErrors = {};
  const name = draft.name.trim();
  const description = draft.description.trim();
  const durationMin = Number(draft.durationMin);
  const priceCents = parsePriceCents(draft.price);
  if (name === '') errors.name = 'Escribe el nombre del servicio.';
  else if (name.length > NAME_MAX)
    errors.name = `El nombre admite ${NAME_MAX} caracteres como máximo.`;
  if (description.length > DESCRIPTION_MAX) {
    errors.description = `La descripción admite ${DESCRIPTION_MAX} caracteres como máximo.`;
  }
  if (!Number.isInteger(durationMin) || durationMin < DURATION_MIN || durationMin > DURATION_MAX) {
    errors.durationMin = `La duración debe ser un número entero de minutos entre ${DURATION_MIN} y ${DURATION_MAX}.`;
  }
  if (priceCents === null) errors.price = 'Escribe el precio en euros, por ejemplo 25,50.';
  else if (priceCents > PRICE_MAX_CENTS) errors.price = 'El precio no puede pasar de 100.000 €.';
  if (Object.keys(errors).length > 0 || priceCents === null) return { errors };
  return { fields: { name, description, durationMin, priceCents, active: draft.active } };
}
