// The load bench's second ceiling (load.ts): Node's own http server sending one answer held
// in memory, with the status and headers the site sent for it, to every request. Nothing
// is looked up, checked or logged, so no server written for Node answers faster here: the
// site's cached pages are measured against it as well as against nginx.
//
// node node-ceiling.mjs <port> <body file> <headers file (JSON: name, value, name, value…)>
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const [port, bodyFile, headersFile] = process.argv.slice(2)
const body = readFileSync(bodyFile)
const headers = JSON.parse(readFileSync(headersFile, 'utf8'))

createServer((request, response) => {
  response.writeHead(200, headers)
  if (request.method === 'HEAD') response.end()
  else response.end(body)
}).listen(Number(port), '127.0.0.1')
