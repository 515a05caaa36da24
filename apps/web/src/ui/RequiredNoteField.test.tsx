import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { RequiredNoteField } from './Field.tsx';

/** A form's use of the note: missing once sent empty, until something is typed. */
function NoteForm() {
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!note.trim()) setMissing(true);
      }}
    >
      <RequiredNoteField
        label="Note"
        value={note}
        missing={missing}
        onChange={(text) => {
          setNote(text);
          setMissing(false);
        }}
      />
      <button type="submit">Decide</button>
    </form>
  );
}

describe('RequiredNoteField', () => {
  it('says the note is required once the form was sent without one, until it is typed', () => {
    renderScreen(<NoteForm />);
    const note = screen.getByRole('textbox', { name: 'Note' });
    expect(note).toHaveAttribute('aria-invalid', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Decide' }));
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription('This field is required.');
    fireEvent.change(note, { target: { value: 'Matches the notice' } });
    expect(note).toHaveValue('Matches the notice');
    expect(note).toHaveAttribute('aria-invalid', 'false');
  });
});
