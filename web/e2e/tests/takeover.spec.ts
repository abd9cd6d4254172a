/**
 * A staff member takes over a visitor's live conversation from the dashboard (REQUIREMENTS D4): the
 * visitor's next message reaches the staff member instead of the assistant, the reply arrives in
 * the visitor's widget over the live channel, the visitor answers over that channel, and once
 * handed back the assistant answers again. What the visitor sees of it: who joined (and the header
 * saying who answers), no assistant dots while a person has the conversation, the person's own
 * "está escribiendo…" while they type, and who left at the hand-back.
 */
import { expect, test } from '@playwright/test';
import { addAccount } from './support/server';
import { chatSessionId, openSiteChat, signInThroughForm } from './support/site';

test('staff take a conversation over, reply live, and hand it back', async ({ browser, page }) => {
  await page.goto('/');
  const visitor = await openSiteChat(page);
  await visitor.say('hola, soy Ulises', /asistente de reservas/);
  // Other specs' guests talk at the same time: the staff member opens this one by its id.
  const sessionId = await chatSessionId(page);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInThroughForm(staff, addAccount('usuario', 'Tomás', 'Mostrador'));
  await staff.goto(`/dashboard/conversaciones/${encodeURIComponent(sessionId ?? '')}`);
  await expect(staff.getByRole('log', { name: 'Mensajes' })).toContainText('hola, soy Ulises');
  await staff.getByRole('button', { name: 'Atender' }).click();
  await expect(staff.getByText('Atendida por Tomás')).toBeVisible();

  // Taken over: the assistant stays quiet and the message reaches the staff member.
  const transcript = staff.getByRole('log', { name: 'Mensajes' });
  const visitorInput = visitor.window.getByRole('textbox', { name: 'Escribe tu pregunta...' });
  await visitorInput.fill('¿hay alguien ahí?');
  await visitorInput.press('Enter');
  await expect(transcript).toContainText('¿hay alguien ahí?');
  await expect(visitor.window.locator('.chat-event')).toHaveText([
    'TTomás se ha unido a la conversación',
  ]);
  await expect(visitor.window.locator('.chat-subtitle')).toHaveText('Te atiende Tomás');
  await expect(visitor.window.locator('.chat-message-typing')).toHaveCount(0);
  const status = visitor.window.getByRole('status');
  await page.waitForTimeout(2000);
  await expect(status).toHaveText('');
  await expect(visitor.window.locator('.chat-message-typing')).toHaveCount(0);

  // Tomás writes: the visitor sees it (and, after a moment, hears it).
  await staff.getByLabel('Tu respuesta').fill('Hola');
  await expect(visitor.window.locator('.chat-typing-row .chat-person-avatar')).toHaveText('T');
  await expect(status).toHaveText('Tomás está escribiendo…');
  await staff.getByLabel('Tu respuesta').fill('Hola, soy Tomás, del equipo. ¿En qué te ayudo?');
  await staff.getByRole('button', { name: 'Enviar' }).click();
  // Signed with the first name in bold, as any n8n widget shows it.
  await expect(visitor.botMessages.last()).toHaveText(
    'Tomás: Hola, soy Tomás, del equipo. ¿En qué te ayudo?',
  );

  // The visitor's answer travels over the open live channel and shows in the dashboard.
  await visitorInput.fill('quería saber si abrís el sábado');
  await visitorInput.press('Enter');
  await expect(transcript).toContainText('quería saber si abrís el sábado');

  await staff.getByRole('button', { name: 'Devolver al asistente' }).click();
  await expect(staff.getByText('Responde el asistente')).toBeVisible();
  await staffContext.close();
  await expect(visitor.botMessages.last()).toContainText('Te vuelve a atender el asistente');
  await expect(visitor.window.locator('.chat-event').last()).toHaveText(
    'TTomás ha salido de la conversación',
  );
  await expect(visitor.window.locator('.chat-subtitle')).toHaveText('Responde al momento');

  await visitor.say('¿qué servicios tenéis?', /Corte de caballero/);
});
