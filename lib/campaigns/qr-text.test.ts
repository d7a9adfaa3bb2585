import { describe, expect, it } from 'vitest';
import { NO_OFFER, type ServiceOffer } from '../api/service-offer.ts';
import { qrCodeText } from './qr-text.ts';

const countsScans: ServiceOffer = { ...NO_OFFER, qrScans: true };

describe("a QR code's text", () => {
  it('carries the scan marker where the service counts scans', () => {
    expect(qrCodeText('https://go.example.com/abc', countsScans)).toBe(
      'https://go.example.com/abc?qr=1',
    );
  });

  it.each([
    ['a service whose contract names no QR parameter', NO_OFFER],
    ['a service whose offer is not known yet', undefined],
    ['an offer stored before scans were read', { ...NO_OFFER, qrScans: undefined }],
  ])('is the short URL alone for %s', (_, offer) => {
    expect(qrCodeText('https://go.example.com/abc', offer)).toBe('https://go.example.com/abc');
  });

  it('leaves a text that is no address as it is', () => {
    expect(qrCodeText('not an address', countsScans)).toBe('not an address');
  });
});
