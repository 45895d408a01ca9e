/** Text made safe for HTML text and quoted attribute values: & < > " ' become character references. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
