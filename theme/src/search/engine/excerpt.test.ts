import { describe, expect, it } from 'vitest';
import { excerptHTML } from './excerpt';

const only = (...terms: string[]) => (term: string) => terms.includes(term);

describe('excerptHTML', () => {
  it('shows the text around the first match of a long section, cut between words', () => {
    const text = 'alpha '.repeat(40) + 'needle ' + 'omega '.repeat(60) + 'needle';
    const html = excerptHTML(text.trim(), only('needl'));
    expect(html.startsWith('…alpha ')).toBe(true);
    expect(html.endsWith(' omega…')).toBe(true);
    expect(html).toContain(' <mark>needle</mark> omega');
    const words = html.replace(/…|<\/?mark>/g, '').split(' ');
    expect(words.every((word) => ['alpha', 'needle', 'omega'].includes(word))).toBe(true);
    expect(html.length).toBeLessThan(220);
  });

  it('shows a short section whole', () => {
    expect(excerptHTML('Search by name.', only('name'))).toBe('Search by <mark>name</mark>.');
  });

  it('shows the start of the text when the match is elsewhere (the heading)', () => {
    expect(excerptHTML('Lifetimes are set per client.', only('token'))).toBe('Lifetimes are set per client.');
  });

  it('marks an identifier whole, and camelCase parts on their own', () => {
    expect(excerptHTML('Use Patient.birthDate here', only('=patient.birthdate'))).toBe(
      'Use <mark>Patient.birthDate</mark> here',
    );
    expect(excerptHTML('The birthDate element', only('date'))).toBe('The birth<mark>Date</mark> element');
  });

  it('escapes the text, so page content never becomes markup', () => {
    expect(excerptHTML(`<b>bold</b> & "it's"`, only('bold'))).toBe(
      '&lt;b&gt;<mark>bold</mark>&lt;/b&gt; &amp; &quot;it&#39;s&quot;',
    );
  });
});
