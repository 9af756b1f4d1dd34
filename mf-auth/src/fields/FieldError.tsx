/** A field's message under it; announced when it appears. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p className="ma-field-error" id={id} role="alert">
      {message}
    </p>
  );
}
