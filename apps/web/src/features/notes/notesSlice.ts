import { createSlice } from '@reduxjs/toolkit';

export interface NotesState {
  /** Moves on every saved change to a note, so every list on screen (and the notifications) reloads. */
  revision: number;
}

const initialState: NotesState = { revision: 0 };

const notesSlice = createSlice({
  name: 'notes',
  initialState,
  reducers: {
    /** A note was created, edited, deleted or got a new reminder, tags or pin. */
    notesChanged(state) {
      state.revision += 1;
    },
  },
});

export const notesActions = notesSlice.actions;
export const notesReducer = notesSlice.reducer;

export const selectNotesRevision = (state: { notes: NotesState }): number => state.notes.revision;
