import { Fragment } from 'react';

/**
 * A dotted name (checkout.session.completed, llm.default.input_tokens) that may wrap after each dot
 * or underscore, so that its column stays narrow without breaking inside a word.
 */
export function Breakable({ text }: { text: string }) {
  return (
    <>
      {text.split(/(?<=[._])/).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
