// Result excerpts: a window of a section's text around its first match, as
// HTML with the text escaped and the matched words wrapped in <mark>.
import { analyse, type AnalysedToken } from './tokenize';

/** About this many characters of text are shown… */
const EXCERPT_LENGTH = 180;
/** …starting about this many before the first match, so the match has context. */
const CONTEXT_BEFORE = 40;
/** Section texts whose analysis an Excerpts remembers: two full result lists (10 pages × 3 sections). */
const REMEMBERED_TEXTS = 60;

type Range = [start: number, end: number];

/** A section's text in NFC (which looks the same) and its tokens, whose offsets are into it. */
interface AnalysedText {
  text: string;
  tokens: AnalysedToken[];
}

/**
 * Makes excerpts, remembering the analysis of the last texts it saw: while
 * the reader types, the same sections come back keystroke after keystroke,
 * and tokenizing them is most of a warm search's time.
 */
export class Excerpts {
  private readonly analysed = new Map<string, AnalysedText>();

  /** The excerpt of `text` around the first word whose term `isMatch` accepts (stored form: `=` for identifiers). */
  html(text: string, isMatch: (term: string) => boolean): string {
    let entry = this.analysed.get(text);
    if (entry) {
      this.analysed.delete(text); // re-inserted below: the Map's order is the recency order
    } else {
      entry = analyseText(text);
      if (this.analysed.size >= REMEMBERED_TEXTS) this.analysed.delete(this.analysed.keys().next().value!);
    }
    this.analysed.set(text, entry);
    return excerptOf(entry, isMatch);
  }
}

/** The excerpt of `text` around the first word whose term `isMatch` accepts (stored form: `=` for identifiers). */
export function excerptHTML(text: string, isMatch: (term: string) => boolean): string {
  return excerptOf(analyseText(text), isMatch);
}

function analyseText(section: string): AnalysedText {
  const text = section.normalize('NFC');
  return { text, tokens: analyse(text) };
}

function excerptOf({ text, tokens }: AnalysedText, isMatch: (term: string) => boolean): string {
  const marks = matchedRanges(tokens, isMatch);
  const [start, end] = excerptWindow(text, marks[0]);
  let html = start > 0 ? '…' : '';
  let position = start;
  for (const [markStart, markEnd] of marks) {
    if (markEnd <= start || markStart >= end) continue;
    const from = Math.max(markStart, start);
    const to = Math.min(markEnd, end);
    html += escapeHTML(text.slice(position, from)) + '<mark>' + escapeHTML(text.slice(from, to)) + '</mark>';
    position = to;
  }
  html += escapeHTML(text.slice(position, end));
  return end < text.length ? html + '…' : html;
}

/** Escapes text for use in HTML content and attribute values. */
export function escapeHTML(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// An identifier match marks the whole token; otherwise each matching
// segment, or each matching camelCase part of a segment. Touching ranges
// merge. Tokens past the longest window the first match allows are skipped.
function matchedRanges(tokens: AnalysedToken[], isMatch: (term: string) => boolean): Range[] {
  const ranges: Range[] = [];
  const add = (start: number, end: number) => {
    const last = ranges[ranges.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  };
  for (const token of tokens) {
    const first = ranges[0];
    if (first && token.start >= Math.max(first[0] + EXCERPT_LENGTH, first[1])) break;
    if (token.identifier !== undefined && isMatch('=' + token.identifier)) {
      add(token.start, token.end);
      continue;
    }
    for (const segment of token.segments) {
      if (segment.word !== undefined && isMatch(segment.word)) {
        add(segment.start, segment.end);
        continue;
      }
      for (const part of segment.parts) if (part.word !== undefined && isMatch(part.word)) add(part.start, part.end);
    }
  }
  return ranges;
}

// The window starts and ends at spaces where it can, so no word is cut.
function excerptWindow(text: string, firstMatch: Range | undefined): Range {
  let start = 0;
  if (firstMatch && firstMatch[0] > CONTEXT_BEFORE) {
    const space = text.slice(firstMatch[0] - CONTEXT_BEFORE, firstMatch[0]).search(/\s/);
    start = space < 0 ? firstMatch[0] : firstMatch[0] - CONTEXT_BEFORE + space + 1;
  }
  let end = start + EXCERPT_LENGTH;
  if (end >= text.length) return [start, text.length];
  const minimum = Math.max(start, firstMatch?.[1] ?? start);
  const space = text.slice(minimum, end).search(/\s\S*$/);
  end = space < 0 ? Math.max(end, minimum) : minimum + space;
  return [start, notInsidePair(text, end)];
}

// Never cut a character above U+FFFF in half.
function notInsidePair(text: string, offset: number): number {
  const unit = text.charCodeAt(offset);
  return offset > 0 && unit >= 0xdc00 && unit <= 0xdfff ? offset + 1 : offset;
}
