import './styles.css';

// The pre-rendered landing page's entry (landing.html): the page is already there, so its app (and the
// ≈110 KB of React and the router it needs) is fetched once the page has painted, not before; the
// page's own chunk alongside, as the router would ask for it next.
requestAnimationFrame(() => {
  setTimeout(() => {
    void Promise.all([import('./public-app'), import('./features/landing/LandingPage')]).then(
      ([{ startPublicApp }]) => startPublicApp(),
    );
  }, 0);
});
