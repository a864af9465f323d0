// Runtime configuration of the PWA, read by src/lib/config.ts. Edit on the server to point
// the same build at another API host, e.g. { apiUrl: 'https://api.example.com/api' }.
window.__BALCAO_CONFIG__ = { apiUrl: '/api' };
