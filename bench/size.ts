/** `npm run size`: the package as `npm pack` makes it, installed into an empty project; prints what the install weighs. */
import { installPacked } from './packed.js';

const install = installPacked();
try {
  console.log(
    `installed size: ${(install.installedBytes / 1e6).toFixed(1)} MB (${install.installedBytes} bytes of files under node_modules; the limit is 50 MB)`,
  );
} finally {
  install.remove();
}
