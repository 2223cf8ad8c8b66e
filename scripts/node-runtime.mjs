// The root package's postinstall: one line that says which Node the project's npm scripts run.
// The pinned devDependency `node` (the registry's build of Node 24 LTS) is installed in
// node_modules/.bin, which npm puts first on PATH for every script: `npm start`, `npm test` and
// the tools they start run on it whatever Node the machine has (docs/decisions/056).
const machine = /\bnode\/v?([\d.]+)/.exec(process.env.npm_config_user_agent ?? '')?.[1];
const runs = process.version.replace(/^v/, '');
console.log(
  machine && machine !== runs
    ? `Cryptads: this machine has Node ${machine}; npm start and npm test run Node ${runs}, installed in node_modules by the pinned npm package "node".`
    : `Cryptads: npm start and npm test run Node ${runs} (the pinned npm package "node").`,
);
