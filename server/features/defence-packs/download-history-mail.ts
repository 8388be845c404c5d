/**
 * The Download History mail ("Sent Mail" on the order detail): every customer download of the order, for a
 * dispute team or the merchant, in the order's brand frame; Defence Pack 2 travels with it as a PDF.
 */
import { DOWNLOAD_COLUMNS, generatedLine } from '../../../shared/defence-pack';
import type { DefencePack } from '../../../shared/schemas/defence-pack';
import { headerText, html, layout, type MailContent, type TemplateContext } from '../mail';

export function downloadHistoryMail(ctx: TemplateContext, pack: DefencePack, attachmentName: string): MailContent {
  const { summary } = pack;
  const downloads = pack.downloads ?? [];
  const subject = headerText(`Download history of order ${summary.order_id}`);
  const cell = 'padding:6px 8px;border-bottom:1px solid #e4e7eb;text-align:left;vertical-align:top';
  const table =
    downloads.length === 0
      ? html`<p><strong>${pack.empty_text}</strong></p>`
      : html`<table
          role="presentation"
          cellpadding="0"
          cellspacing="0"
          style="width:100%;border-collapse:collapse;font-size:13px"
        >
          <tr>
            ${DOWNLOAD_COLUMNS.map((c) => html`<th style="${cell};background:#f4f5f7">${c.header}</th>`)}
          </tr>
          ${downloads.map(
            (d, i) =>
              html`<tr>
                ${DOWNLOAD_COLUMNS.map(
                  (c) =>
                    html`<td style="${cell}">
                      ${c
                        .value(d, i)
                        .split('\n')
                        .map((line, n) => html`${n ? html`<br />` : ''}${line}`)}
                    </td>`,
                )}
              </tr>`,
          )}
        </table>`;
  const body = html`<p>
      Download history of order <strong>${summary.order_id}</strong> (${summary.customer_name}, ${summary.email}),
      ordered on ${summary.landing_site}.
    </p>
    ${table}
    <p style="font-size:13px;color:#616e7c">${generatedLine(pack)}. Defence Pack 2 is attached: ${attachmentName}.</p>`;
  const text = [
    `Download history of order ${summary.order_id} (${summary.customer_name}, ${summary.email}), ordered on ${summary.landing_site}.`,
    '',
    ...(downloads.length === 0
      ? [pack.empty_text]
      : downloads.map((d, i) =>
          DOWNLOAD_COLUMNS.map((c) => `${c.header}: ${c.value(d, i).replace('\n', ' / ')}`).join('; '),
        )),
    '',
    `${generatedLine(pack)}. Defence Pack 2 is attached: ${attachmentName}.`,
  ];
  return { subject, ...layout(ctx, subject, body, text) };
}
