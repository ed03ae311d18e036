// Preloaded into Electronegativity's process: its HTTP client (got) answers every request with
// an offline error at once. The tool fetches translations and Electron's release list, neither
// of which this machine or CI can reach, and got's retry after a timeout crashes on Node 24.21
// ("The onCancel handler was attached after the promise settled"). The tool handles the error.
const Module = process.getBuiltinModule('node:module');
const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === 'got') {
    const offline = () => Promise.reject(new Error('offline: Electronegativity runs without the network'));
    return Object.assign(offline, { default: offline });
  }
  return load.call(this, request, ...rest);
};
