import { startPublicApp } from './public-app';
import './styles.css';

// The login and sign-up pages' entry (public.html): their app, with its modules preloaded by the page.
startPublicApp();
