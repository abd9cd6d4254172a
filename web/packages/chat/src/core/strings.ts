/**
 * The widget's built-in UI strings: English (the library defaults) and Spanish. Plain data, no
 * imports but types. The script-tag launcher takes only `openChatLabels` from here (its toggle
 * button must be labelled before the panel loads); the full tables travel with the panel and the
 * npm build, so the launcher does not carry them.
 */
import type { ChatStrings } from './options';

/** The toggle button's label in the built-in languages: all the launcher needs to show. */
export const openChatLabels = {
  en: { openChat: 'Open chat' },
  es: { openChat: 'Abrir chat' },
} satisfies Record<string, Pick<ChatStrings, 'openChat'>>;

/** English library defaults (the `@n8n/chat` texts plus the port's own keys). */
export const defaultStrings: ChatStrings = {
  title: 'Hi there! 👋',
  subtitle: "Start a chat. We're here to help you 24/7.",
  footer: '',
  getStarted: 'New Conversation',
  starters: 'Suggestions',
  quickReplies: 'Quick replies',
  inputPlaceholder: 'Type your question..',
  closeButtonTooltip: 'Close chat',
  repostButton: 'Repost message',
  reuseButton: 'Reuse message',
  openChat: openChatLabels.en.openChat,
  sendMessage: 'Send message',
  retry: 'Retry',
  sendError: 'Error: Failed to receive response',
  historyError: 'The previous conversation could not be loaded.',
  emptyResponse: '<Empty response>',
  typing: 'The assistant is typing…',
  personTyping: '{name} is typing…',
  personJoined: '{name} has joined the conversation',
  personLeft: '{name} has left the conversation',
  personAnswers: '{name} is answering you',
  speakerBot: 'Assistant:',
  speakerUser: 'You:',
  conversation: 'Conversation',
  emptyState: 'No messages yet.',
  attachFiles: 'Attach files',
  removeFile: 'Remove {name}',
  previewFile: 'Open {name}',
  poweredBy: 'Powered by',
  errorNetwork: 'The chat server could not be reached.',
  errorStatus: 'The chat server answered with HTTP status {status}.',
  errorHtml:
    'The server sent a web page instead of a reply; a proxy may have timed out. The workflow may still be running.',
  errorUnreadable: 'Response body is not readable',
  errorFile: 'Error reading file: {reason}',
  errorLive: 'The live connection to the chat server failed.',
  streamError: 'Error: {reason}',
  unknownError: 'Unknown error',
  noResponse:
    '[No response received. This could happen if streaming is enabled in the trigger but disabled in agent node(s)]',
};

/**
 * The greeting shown as the first bot bubbles when the caller gives no `initialMessages`, per
 * language (English: `@n8n/chat`'s own). A language without one greets in English.
 */
export const builtInInitialMessages: Record<string, string[] | undefined> & { en: string[] } = {
  en: ['Hi there! 👋', 'My name is Nathan. How can I assist you today?'],
  es: ['¡Hola! 👋', 'Soy el asistente virtual. ¿En qué puedo ayudarte?'],
};

/**
 * Built-in string tables besides English, used for keys a caller's table leaves out. Spanish is
 * built in because the product speaks Spanish first.
 */
export const builtInStrings: Record<string, Partial<ChatStrings>> = {
  es: {
    title: 'Hola',
    subtitle: 'Responde al momento',
    footer: '',
    getStarted: 'Nueva conversación',
    starters: 'Sugerencias',
    quickReplies: 'Respuestas rápidas',
    inputPlaceholder: 'Escribe tu pregunta...',
    closeButtonTooltip: 'Cerrar chat',
    repostButton: 'Reenviar mensaje',
    reuseButton: 'Reutilizar mensaje',
    openChat: openChatLabels.es.openChat,
    sendMessage: 'Enviar mensaje',
    retry: 'Reintentar',
    sendError: 'Error: no se ha recibido respuesta',
    historyError: 'No se ha podido cargar la conversación anterior.',
    emptyResponse: '<Respuesta vacía>',
    typing: 'El asistente está escribiendo…',
    personTyping: '{name} está escribiendo…',
    personJoined: '{name} se ha unido a la conversación',
    personLeft: '{name} ha salido de la conversación',
    personAnswers: 'Te atiende {name}',
    speakerBot: 'Asistente:',
    speakerUser: 'Tú:',
    conversation: 'Conversación',
    emptyState: 'Todavía no hay mensajes.',
    attachFiles: 'Adjuntar archivos',
    removeFile: 'Quitar {name}',
    previewFile: 'Abrir {name}',
    poweredBy: 'Con la tecnología de',
    errorNetwork: 'No se ha podido contactar con el servidor del chat.',
    errorStatus: 'El servidor del chat ha respondido con el estado HTTP {status}.',
    errorHtml:
      'El servidor ha enviado una página web en lugar de una respuesta; puede que un proxy haya agotado el tiempo de espera. Es posible que el flujo siga en marcha.',
    errorUnreadable: 'No se puede leer el cuerpo de la respuesta',
    errorFile: 'Error al leer el archivo: {reason}',
    errorLive: 'Ha fallado la conexión en directo con el servidor del chat.',
    streamError: 'Error: {reason}',
    unknownError: 'Error desconocido',
    noResponse:
      '[No se ha recibido respuesta. Puede ocurrir si el streaming está activado en el disparador pero desactivado en los nodos del agente]',
  },
};
