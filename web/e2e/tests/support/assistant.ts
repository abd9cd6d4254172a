/**
 * What the built-in assistant says on the demo salon the e2e server seeds (REQUIREMENTS B6), for
 * specs that check a reply arrived.
 */
export const DEMO_GREETING =
  '¡Hola! Soy el asistente de reservas de Peluquería Lucía. Puedo darte cita, decirte precios y horarios, o ver y cancelar tus citas. ¿Qué necesitas?';
