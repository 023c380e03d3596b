// The tokenizer rules of docs/search-index.md, one vector per rule, in the
// stored form (`=` marks identifiers). The shared Go vectors are checked by
// tokenize.parity.test.ts; these stay as the rule-by-rule explanation.
import { describe, expect, it } from 'vitest';
import { storedTerm, tokenize } from './tokenize';

const terms = (input: string) => tokenize(input).map(storedTerm);

describe('tokenize', () => {
  it.each([
    // 1. Raw tokens: trailing and leading . - : / | # % are trimmed, _ and $ are not.
    ['Patient.', ['patient']],
    ['--flag', ['flag']],
    ['50%', ['50']],
    ['#/definitions/Coding', ['=definitions/coding', 'definit', 'code']],
    ['__init__', ['=__init__', 'init']],
    // …and a run of special characters alone is no token.
    ['$ npm install ... $$', ['npm', 'instal']],
    // Letters and decimal digits only: superscripts and fractions split tokens.
    ['x² ½cup', ['cup']],
    // 2. Identifiers: any separator inside keeps the token whole, lower-cased, before its words.
    ['Patient.birthdate', ['=patient.birthdate', 'patient', 'birthdat']],
    ['$export', ['=$export', 'export']],
    ['_include', ['=_include', 'includ']],
    ['us-core-race', ['=us-core-race', 'us', 'core', 'race']],
    ['system|code', ['=system|code', 'system', 'code']],
    [
      'http://hl7.org/fhir/us/core/StructureDefinition/us-core-race',
      [
        '=http://hl7.org/fhir/us/core/structuredefinition/us-core-race',
        'http', 'hl7', 'org', 'fhir', 'us', 'core', 'structuredefinit', 'structur', 'definit', 'race',
      ],
    ],
    // 3. camelCase: lower or digit before upper, and the end of an upper-case run.
    ['birthDate', ['birthdat', 'birth', 'date']],
    ['Patient.birthDate', ['=patient.birthdate', 'patient', 'birthdat', 'birth', 'date']],
    ['HTTPServer', ['httpserver', 'http', 'server']],
    ['XMLHttpRequest', ['xmlhttprequest', 'xml', 'http', 'request']],
    ['utf8Decode', ['utf8decode', 'utf8', 'decod']],
    // 4–5. Porter2 for a–z words only; digits and other letters are kept as they are.
    ['Observations observing', ['observ']],
    ['having', ['have']],
    ['café naïve 2024', ['café', 'naïve', '2024']],
    // Input is NFC-normalised first, as every term of the index is NFC.
    ['cafe\u0301', ['café']],
    ['名前 東京', ['名前', '東京']],
    // Simple lower-casing, as Go's strings.ToLower: no final sigma, İ is i.
    ['ΟΔΟΣ', ['οδοσ']],
    ['İstanbul', ['istanbul']],
    // 6. One-character words and stop words are dropped; identifiers never are.
    ['The patient is a person', ['patient', 'person']],
    ['a x 7', []],
    ['a.b', ['=a.b']],
    // Duplicates keep their first occurrence.
    ['Export $export export', ['export', '=$export']],
  ])('%j → %j', (input, expected) => {
    expect(terms(input)).toEqual(expected);
  });

  it('drops identifiers longer than 120 characters but keeps their words', () => {
    const long = 'segment-'.repeat(15) + 'end'; // 123 characters
    expect(terms(long)).toEqual(['segment', 'end']);
    const limit = 'segment-'.repeat(14) + 'x'.repeat(8); // exactly 120
    expect(terms(limit)[0]).toBe('=' + limit);
  });

  it('marks identifiers with the flag, not with the stored = prefix', () => {
    expect(tokenize('Use $export')).toEqual([
      { text: 'use', identifier: false },
      { text: '$export', identifier: true },
      { text: 'export', identifier: false },
    ]);
  });
});
