/**
 * The agenda section is the diary now (diary/Diary.tsx); other sections link to a day or a cita
 * of it through these names.
 */
export { agendaDayPath, AGENDA_DAY_PARAM, Diary as Agenda } from './diary/Diary';
