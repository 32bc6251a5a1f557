/** Text made safe to stand in HTML, as an element's content or a quoted attribute's value. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
