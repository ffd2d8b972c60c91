import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { startupTheme, type Theme } from './themeStorage';

export type { Theme } from './themeStorage';

export interface ThemeState {
  /** 'light' or the dark-blue 'dark' (spec §4). */
  theme: Theme;
}

const themeSlice = createSlice({
  name: 'theme',
  // Lazy: each store reads the stored theme (or the OS preference) when it is created, before the first render.
  initialState: (): ThemeState => ({ theme: startupTheme() }),
  reducers: {
    /** The user flipped the switch: saved locally and, when signed in, on the server. */
    themeToggled(state) {
      state.theme = state.theme === 'light' ? 'dark' : 'light';
    },
    /** The user picked a theme (e.g. from settings): saved like a toggle. */
    themeChosen(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
    },
    /** A theme from elsewhere (server, another tab, storage): shown, not saved again on the server. */
    themeLoaded(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
    },
  },
});

export const themeActions = themeSlice.actions;
export const themeReducer = themeSlice.reducer;

export const selectTheme = (state: { theme: ThemeState }): Theme => state.theme.theme;
