import { Fragment } from 'react';

/**
 * Renders catalog prose without HTML: blank lines separate blocks, "## " starts a heading and
 * "- " a list item. Text stays text, so a translation can never inject markup.
 */
export function RichText({ text, headingLevel = 2 }: { text: string; headingLevel?: 2 | 3 }) {
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      {blocks.map((block, i) => {
        const key = `${i}-${block.slice(0, 12)}`;
        if (block.startsWith('## ')) return <Heading key={key}>{block.slice(3)}</Heading>;
        const lines = block.split('\n');
        if (lines.every((l) => l.startsWith('- ')))
          return (
            <ul key={key}>
              {lines.map((l) => (
                <li key={l}>{l.slice(2)}</li>
              ))}
            </ul>
          );
        return (
          <p key={key}>
            {lines.map((l, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static text; lines may repeat and never reorder.
              <Fragment key={`${j}-${l.slice(0, 8)}`}>
                {j > 0 && <br />}
                {l}
              </Fragment>
            ))}
          </p>
        );
      })}
    </>
  );
}
