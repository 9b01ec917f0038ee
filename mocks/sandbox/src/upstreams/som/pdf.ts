/**
 * Invoice and credit-note PDFs, made on request with pdf-lib: the document number, the order
 * number and date, the billing address, the order's lines and the totals (net, VAT, total; a
 * credit note shows the amount credited). The document information dictionary also carries the
 * order and document numbers as plain strings (`/OrderNumber (00001005)`), so that they can be
 * found in the file without inflating the page's content stream.
 */
import type { components } from '../../../../../generated/som/types.ts';
import { PDFDocument, PDFName, PDFString, StandardFonts, rgb, type PDFDict } from 'pdf-lib';
import { MARKETS } from '../../seed.ts';
import type { OmsCreditNote, OmsOrder } from './model.ts';

export type DocumentKind = components['schemas']['DocumentPdfRequest']['recordType'];

/** Helvetica's WinAnsi encoding: keep printable Latin-1 characters only. */
function text(value: string): string {
  return value.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
}

function money(amount: number, currency: string): string {
  return `${currency} ${amount.toFixed(2)}`;
}

export async function documentPdf(
  kind: DocumentKind,
  order: OmsOrder,
  documentNumber: string,
  issuedAt: Date,
  creditNote?: OmsCreditNote,
): Promise<string> {
  const pdf = await PDFDocument.create();
  const title = kind === 'Invoice' ? 'Invoice' : 'Credit note';
  pdf.setTitle(`${title} ${documentNumber} - order ${order.orderNo}`);
  pdf.setAuthor('Sandbox billing system');
  pdf.setSubject(`${title} for order ${order.orderNo}`);
  pdf.setCreator('webshop sandbox');
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(issuedAt);
  pdf.setModificationDate(issuedAt);
  // getInfoDict is private in pdf-lib's typings; the setters above use it the same way.
  const info = (pdf as unknown as { getInfoDict(): PDFDict }).getInfoDict();
  info.set(PDFName.of('OrderNumber'), PDFString.of(order.orderNo));
  info.set(PDFName.of('DocumentNumber'), PDFString.of(documentNumber));
  info.set(PDFName.of('DocumentType'), PDFString.of(kind));

  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 790;
  const write = (value: string, x: number, size = 10, useBold = false) =>
    page.drawText(text(value), { x, y, size, font: useBold ? bold : font, color: rgb(0.1, 0.1, 0.1) });
  const line = (gap = 16) => {
    y -= gap;
  };

  write(title.toUpperCase(), 50, 20, true);
  line(28);
  write(`Document number: ${documentNumber}`, 50);
  line();
  write(`Order number: ${order.orderNo}`, 50);
  line();
  write(`Order date: ${order.createdDate.slice(0, 10)}`, 50);
  line();
  write(`Issued: ${issuedAt.toISOString().slice(0, 10)}`, 50);
  if (order.vin) {
    line();
    write(`Vehicle: ${order.vehicleName ?? ''} (${order.vin})`, 50);
  }
  line(28);

  write('Billing address', 50, 11, true);
  line();
  const [street1 = '', street2 = ''] = order.billing.street.split('|');
  const address = [
    `${order.billing.firstName} ${order.billing.lastName}`,
    street1,
    street2,
    [order.billing.postalCode, order.billing.city, order.billing.stateCode].filter(Boolean).join(' '),
    order.billing.countryCode,
  ].filter((part) => part.trim() !== '');
  for (const part of address) {
    write(part, 50);
    line(14);
  }
  line(14);

  write('Item', 50, 10, true);
  write('Term', 330, 10, true);
  write('Amount', 460, 10, true);
  line(6);
  page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.5 });
  line(14);
  for (const item of order.items) {
    write(item.name.slice(0, 48), 50);
    write(item.termMonths ? `${item.termMonths} ${item.termType ?? 'Month'}(s)` : 'One-time', 330);
    write(money(item.amount, order.currency), 460);
    line();
  }
  page.drawLine({ start: { x: 50, y: y + 8 }, end: { x: 545, y: y + 8 }, thickness: 0.5 });
  line(6);

  const market = MARKETS[order.billing.countryCode];
  const rate = market?.pricesIncludeVat ? market.vatRate : 0;
  const gross = kind === 'CreditNote' ? (creditNote?.amount ?? order.total) : order.total;
  const net = Math.round((gross / (1 + rate)) * 100) / 100;
  const vat = Math.round((gross - net) * 100) / 100;
  write('Net', 330);
  write(money(net, order.currency), 460);
  line();
  write(`VAT (${Math.round(rate * 100)}%)`, 330);
  write(money(vat, order.currency), 460);
  line();
  write(kind === 'CreditNote' ? 'Total credited' : 'Total', 330, 10, true);
  write(money(gross, order.currency), 460, 10, true);
  line(28);
  const method = order.paymentMethod;
  write(`Paid by ${method.cardType ?? method.type}${method.last4 ? ` ending ${method.last4}` : ''}`, 50, 9);

  const bytes = await pdf.save({ useObjectStreams: false });
  return Buffer.from(bytes).toString('base64');
}
