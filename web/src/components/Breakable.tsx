import { Fragment } from 'react';

/**
 * A dotted name (checkout.session.completed, llm.default.input_tokens) or a key in a sentence
 * (period:sub_1Q…:first) that may wrap after each dot, underscore or colon, so that its column stays
 * narrow without breaking inside a word.
 */
export function Breakable({ text }: { text: string }) {
  return (
    <>
      {text.split(/(?<=[._:])/).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
