// The query parameter a link's QR codes carry (`?qr=1`) where the service counts scans: the
// service counts a redirect with it as a scan and never passes it on; the extension adds it to the
// QR codes it draws only where the service's contract names it.
export const QR_MARKER = { name: 'qr', value: '1' } as const;
