interface Props {
  name: string;
  description: string;
  onName: (value: string) => void;
  onDescription: (value: string) => void;
  descriptionRows?: number;
}

/** The name and description every designer form starts with. */
export function NameFields({ name, description, onName, onDescription, descriptionRows = 2 }: Props) {
  return (
    <>
      <label className="field">
        <span className="field__label">Name</span>
        <input className="input" name="name" value={name} onChange={(e) => onName(e.target.value)} required />
      </label>
      <label className="field">
        <span className="field__label">Description</span>
        <textarea className="input" name="description" rows={descriptionRows} value={description} onChange={(e) => onDescription(e.target.value)} />
      </label>
    </>
  );
}
