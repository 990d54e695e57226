interface ImportMetaEnv {
  /** The environment named in the footer (local, staging…); 'production' names none. Set at build time. */
  readonly VITE_APP_ENV?: string;
}
