// Prints, as one JSON line, where src/downloads.js would save each suggested name in FOLDER, for
// test/downloads.test.ts: gjs -m downloads-run.js FOLDER '["name.pdf", ...]'
import { destinationFor } from '../../src/downloads.js'

const [folder, namesJson] = ARGV
print(JSON.stringify(JSON.parse(namesJson).map((name) => destinationFor(folder, name))))
