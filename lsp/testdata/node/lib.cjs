'use strict';
// A language client for the tests: it starts the built wright-lsp binary
// over stdio and talks to it through vscode-languageserver-protocol, the
// JSON-RPC layer under VS Code's own client. Besides the connection it
// keeps an independent reading of every byte the server writes on stdout
// (each must belong to a well-formed Content-Length frame holding a
// JSON-RPC 2.0 message), the ids of the requests it sent and of the
// answers it got, every publishDiagnostics, and its own copy of the
// documents, to which it applies edits the way an editor does: with
// UTF-16 positions, which are JavaScript string indices.

const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const P = require('vscode-languageserver-protocol/node');

/** env returns a required environment variable. */
function env(name) {
  const v = process.env[name];
  if (!v) {
    throw new Error(`${name} is not set: run these tests with go test ./lsp -run TestNodeClient`);
  }
  return v;
}

/** fileURI spells a path as a file:// URI (Node's spelling). */
function fileURI(p) {
  return pathToFileURL(p).href;
}

/**
 * vscodeURI spells a path as VS Code's URI.file(p).toString() does: every
 * character but the unreserved ones (RFC 3986) and '/' percent-encoded,
 * so `+ , = ; $ & @ : ! ' ( ) *` and spaces are too.
 */
function vscodeURI(p) {
  const seg = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `file://${p.split('/').map(seg).join('/')}`;
}

/** workspace makes a temporary workspace folder holding files (name → text). */
function workspace(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wright-node-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** fixture reads a file of the fixtures folder. */
function fixture(name) {
  return fs.readFileSync(path.join(env('WRIGHT_NODE_FIXTURES'), name), 'utf8');
}

// ---- Text positions (UTF-16, as JavaScript strings index them) ----

function lineStarts(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\n') starts.push(i + 1);
  }
  return starts;
}

/** offsetAt converts an LSP position (UTF-16) to a string index, strictly. */
function offsetAt(text, pos) {
  const starts = lineStarts(text);
  assert.ok(pos.line >= 0 && pos.line < starts.length, `line ${pos.line} is outside the text (${starts.length} lines)`);
  const end = pos.line + 1 < starts.length ? starts[pos.line + 1] - 1 : text.length;
  const off = starts[pos.line] + pos.character;
  assert.ok(pos.character >= 0 && off <= end, `character ${pos.character} is past the end of line ${pos.line}`);
  // A position never splits a surrogate pair.
  const c = text.charCodeAt(off);
  assert.ok(!(c >= 0xdc00 && c <= 0xdfff), `position ${pos.line}:${pos.character} splits a surrogate pair`);
  return off;
}

/** positionAt converts a string index to an LSP position (UTF-16). */
function positionAt(text, off) {
  const before = text.slice(0, off);
  const line = before.split('\n').length - 1;
  return { line, character: off - (before.lastIndexOf('\n') + 1) };
}

/** slice returns the text a range covers. */
function slice(text, range) {
  return text.slice(offsetAt(text, range.start), offsetAt(text, range.end));
}

/** rangeOf is the range of the n-th (0-based) occurrence of needle. */
function rangeOf(text, needle, n = 0) {
  let at = -1;
  for (let i = 0; i <= n; i++) {
    at = text.indexOf(needle, at + 1);
    assert.ok(at >= 0, `${JSON.stringify(needle)} occurs fewer than ${n + 1} times`);
  }
  return { start: positionAt(text, at), end: positionAt(text, at + needle.length) };
}

/** applyTextEdits applies non-overlapping LSP text edits to text. */
function applyTextEdits(text, edits) {
  const spans = edits.map((e) => ({ start: offsetAt(text, e.range.start), end: offsetAt(text, e.range.end), newText: e.newText }));
  spans.sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i++) {
    assert.ok(spans[i - 1].end <= spans[i].start, 'text edits overlap');
  }
  for (let i = spans.length - 1; i >= 0; i--) {
    text = text.slice(0, spans[i].start) + spans[i].newText + text.slice(spans[i].end);
  }
  return text;
}

/** editsOf flattens a WorkspaceEdit to {uri, version, edits} entries. */
function editsOf(we) {
  const out = [];
  if (we.documentChanges) {
    for (const dc of we.documentChanges) {
      assert.ok(dc.textDocument && Array.isArray(dc.edits), `only text document edits are expected, got ${JSON.stringify(dc)}`);
      out.push({ uri: dc.textDocument.uri, version: dc.textDocument.version, edits: dc.edits });
    }
  }
  for (const [uri, edits] of Object.entries(we.changes || {})) {
    out.push({ uri, version: undefined, edits });
  }
  return out;
}

/** byteSlice returns the text between two UTF-8 byte offsets. */
function byteSlice(text, start, end) {
  return Buffer.from(text, 'utf8').subarray(start, end).toString('utf8');
}

// ---- Raw stdout: frames only ----

/**
 * A FrameTap reads a copy of the server's stdout on its own, strictly:
 * headers are Content-Length (and optionally Content-Type) only, the body
 * is exactly that many bytes of JSON holding a JSON-RPC 2.0 message.
 */
class FrameTap {
  constructor() {
    this.buf = Buffer.alloc(0);
    this.messages = [];
    this.problems = [];
  }

  push(chunk) {
    if (this.problems.length > 0) return; // lost the framing: stop reading
    this.buf = Buffer.concat([this.buf, chunk]);
    for (;;) {
      const end = this.buf.indexOf('\r\n\r\n');
      if (end < 0) {
        if (!'Content-'.startsWith(this.buf.subarray(0, 8).toString('latin1'))) {
          this.problems.push(`stdout has bytes that start no frame: ${JSON.stringify(this.buf.subarray(0, 80).toString('utf8'))}`);
        }
        return;
      }
      const headers = this.buf.subarray(0, end).toString('latin1').split('\r\n');
      let length = -1;
      for (const h of headers) {
        const m = /^Content-Length: (\d+)$/.exec(h);
        if (m) {
          length = Number(m[1]);
        } else if (!/^Content-Type: application\/vscode-jsonrpc; charset=utf-8$/.test(h)) {
          this.problems.push(`stdout has a line that is not a frame header: ${JSON.stringify(h.slice(0, 120))}`);
          return;
        }
      }
      if (length < 0) {
        this.problems.push('a frame without Content-Length');
        return;
      }
      if (this.buf.length < end + 4 + length) return;
      const body = this.buf.subarray(end + 4, end + 4 + length).toString('utf8');
      this.buf = this.buf.subarray(end + 4 + length);
      let msg;
      try {
        msg = JSON.parse(body);
      } catch (e) {
        this.problems.push(`a frame body is not JSON (${e.message}): ${JSON.stringify(body.slice(0, 120))}`);
        return;
      }
      if (msg === null || typeof msg !== 'object' || msg.jsonrpc !== '2.0') {
        this.problems.push(`a frame is not a JSON-RPC 2.0 message: ${body.slice(0, 120)}`);
        return;
      }
      this.messages.push(msg);
    }
  }

  /** responses returns the answers (messages with result or error). */
  responses() {
    return this.messages.filter((m) => m.method === undefined && ('result' in m || 'error' in m));
  }
}

// ---- The client ----

/** The client capabilities of a modern editor (a subset of VS Code's). */
const fullCapabilities = {
  general: { positionEncodings: ['utf-16'] },
  workspace: {
    applyEdit: true,
    workspaceEdit: { documentChanges: true },
    configuration: true,
    workspaceFolders: true,
    didChangeWatchedFiles: { dynamicRegistration: true },
    executeCommand: { dynamicRegistration: false },
  },
  textDocument: {
    synchronization: { dynamicRegistration: false, didSave: true },
    rename: { prepareSupport: true },
    codeAction: {
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } },
      dataSupport: true,
      isPreferredSupport: true,
    },
    publishDiagnostics: { relatedInformation: true, versionSupport: true, dataSupport: true },
  },
};

class Client {
  /**
   * start spawns the server in root (a workspace folder) and connects to
   * it; it does not initialize.
   */
  static start({ root, args = [], env: extraEnv = {} } = {}) {
    return new Client(root, args, extraEnv);
  }

  constructor(root, args, extraEnv = {}) {
    this.root = root;
    this.stderr = '';
    this.tap = new FrameTap();
    this.readerErrors = [];
    this.loggedErrors = [];
    this.sent = new Map(); // request id → method, as written on stdin
    this.publications = []; // {uri, version, diagnostics, at}
    this.nullDiagnostics = [];
    this.pubWaiters = [];
    this.docs = new Map(); // uri → {text, version}
    this.appliedEdits = [];
    this.serverRequests = []; // methods of the server's requests, in order
    this.messages = []; // window/showMessage params
    this.shownDocuments = []; // window/showDocument params, answered success
    // onApplyEdit, when set, answers workspace/applyEdit instead.
    this.onApplyEdit = undefined;
    this.child = spawn(env('WRIGHT_LSP_BINARY'), args, {
      cwd: root || os.tmpdir(),
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...extraEnv },
    });
    this.exited = new Promise((resolve) => {
      // close, not exit: it comes after stdout has been read to its end.
      this.child.on('close', (code, signal) => resolve({ code, signal }));
    });
    this.child.stderr.on('data', (d) => {
      this.stderr += d.toString('utf8');
    });
    this.child.stdin.on('error', () => {}); // a write after the server left fails the request, not the test process
    this.child.stdout.on('data', (d) => this.tap.push(d));

    const reader = new P.StreamMessageReader(this.child.stdout);
    reader.onError((e) => this.readerErrors.push(String(e && e.message ? e.message : e)));
    const inner = new P.StreamMessageWriter(this.child.stdin);
    // One queue for messages and for raw bytes, so that raw bytes never
    // fall between a frame's header and its body.
    let queue = Promise.resolve();
    const enqueue = (f) => {
      const p = queue.then(f);
      queue = p.catch(() => {});
      return p;
    };
    const sent = this.sent;
    this.rawWrite = (bytes) => enqueue(() => new Promise((resolve, reject) => this.child.stdin.write(bytes, (e) => (e ? reject(e) : resolve()))));
    const writer = {
      onError: inner.onError,
      onClose: inner.onClose,
      write(msg) {
        if (msg.method !== undefined && msg.id !== undefined) sent.set(msg.id, msg.method);
        return enqueue(() => inner.write(msg));
      },
      end: () => inner.end(),
      dispose: () => inner.dispose(),
    };
    const logger = {
      error: (m) => this.loggedErrors.push(m),
      warn: () => {},
      info: () => {},
      log: () => {},
    };
    this.conn = P.createProtocolConnection(reader, writer, logger);

    this.conn.onNotification(P.PublishDiagnosticsNotification.type, (p) => {
      if (!Array.isArray(p.diagnostics)) {
        this.nullDiagnostics.push(p);
      }
      this.publications.push({ uri: p.uri, version: p.version, diagnostics: p.diagnostics, at: Date.now() });
      this.pubWaiters = this.pubWaiters.filter((w) => !w());
    });
    this.conn.onNotification(P.ShowMessageNotification.type, (p) => this.messages.push(p));
    this.conn.onNotification(P.LogMessageNotification.type, () => {});
    this.conn.onRequest(P.ApplyWorkspaceEditRequest.type, (p) => {
      this.serverRequests.push('workspace/applyEdit');
      this.appliedEdits.push(p);
      if (this.onApplyEdit) return this.onApplyEdit(p);
      try {
        for (const { uri, version, edits } of editsOf(p.edit)) {
          const doc = this.docs.get(uri);
          if (!doc) return { applied: false, failureReason: `${uri} is not open` };
          if (version !== undefined && version !== null && version !== doc.version) {
            return { applied: false, failureReason: `version ${version} is not the open ${doc.version}` };
          }
          doc.pendingText = applyTextEdits(doc.pendingText ?? doc.text, edits);
        }
      } catch (e) {
        return { applied: false, failureReason: String(e.message) };
      }
      return { applied: true };
    });
    this.conn.onRequest(P.RegistrationRequest.type, () => {
      this.serverRequests.push('client/registerCapability');
      return null;
    });
    this.conn.onRequest(P.ConfigurationRequest.type, (p) => {
      this.serverRequests.push('workspace/configuration');
      return p.items.map(() => null);
    });
    this.conn.onRequest(P.WorkDoneProgressCreateRequest.type, () => null);
    this.conn.onRequest(P.ShowDocumentRequest.type, (p) => {
      this.serverRequests.push('window/showDocument');
      this.shownDocuments.push(p);
      return { success: true };
    });
    this.conn.listen();
  }

  /** initialize runs the handshake and returns the initialize result. */
  async initialize(capabilities = fullCapabilities, extra = {}) {
    const rootUri = this.root ? fileURI(this.root) : null;
    const result = await this.conn.sendRequest(P.InitializeRequest.type, {
      processId: process.pid,
      clientInfo: { name: 'wright-node-test', version: '1' },
      rootUri,
      workspaceFolders: rootUri ? [{ uri: rootUri, name: path.basename(this.root) }] : null,
      capabilities,
      ...extra,
    });
    await this.conn.sendNotification(P.InitializedNotification.type, {});
    return result;
  }

  request(type, params, token) {
    return token === undefined ? this.conn.sendRequest(type, params) : this.conn.sendRequest(type, params, token);
  }

  // ---- documents ----

  async open(uri, text, version = 1) {
    this.docs.set(uri, { text, version });
    await this.conn.sendNotification(P.DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'ow-workshop', version, text },
    });
  }

  /**
   * change applies changes (each {range, text}, against the text the
   * previous one left, or {text} for the whole document) locally and
   * sends them.
   */
  async change(uri, changes) {
    const doc = this.docs.get(uri);
    assert.ok(doc, `${uri} is not open`);
    let text = doc.text;
    for (const c of changes) {
      if (!c.range) {
        text = c.text; // a whole-document change
        continue;
      }
      text = text.slice(0, offsetAt(text, c.range.start)) + c.text + text.slice(offsetAt(text, c.range.end));
    }
    doc.text = text;
    doc.version++;
    await this.conn.sendNotification(P.DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: doc.version },
      contentChanges: changes,
    });
    return doc.version;
  }

  /**
   * commitApplied sends what workspace/applyEdit applied to a document as
   * one full change, as an editor reports its own buffer edit.
   */
  async commitApplied(uri) {
    const doc = this.docs.get(uri);
    assert.ok(doc && doc.pendingText !== undefined, `no applied edit is pending for ${uri}`);
    const start = { line: 0, character: 0 };
    const end = positionAt(doc.text, doc.text.length);
    const text = doc.pendingText;
    delete doc.pendingText;
    return this.change(uri, [{ range: { start, end }, text }]);
  }

  async close(uri) {
    this.docs.delete(uri);
    await this.conn.sendNotification(P.DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  text(uri) {
    return this.docs.get(uri).text;
  }

  // ---- diagnostics ----

  /** mark is a point in the publication history for waitDiagnostics. */
  mark() {
    return this.publications.length;
  }

  /**
   * waitDiagnostics waits for the first publication for uri after mark
   * that pred accepts (by default: the one for the document's current
   * version) and returns it.
   */
  waitDiagnostics(uri, { since = 0, pred, timeout = 15000 } = {}) {
    if (!pred) {
      const version = this.docs.get(uri)?.version;
      pred = (p) => p.version === version;
    }
    const find = () => this.publications.slice(since).find((p) => p.uri === uri && pred(p));
    return new Promise((resolve, reject) => {
      const found = find();
      if (found) return resolve(found);
      const timer = setTimeout(() => {
        const seen = this.publications.slice(since).filter((p) => p.uri === uri);
        reject(new Error(`no matching diagnostics for ${uri} within ${timeout} ms; publications seen: ${JSON.stringify(seen.map((p) => ({ version: p.version, n: Array.isArray(p.diagnostics) ? p.diagnostics.length : p.diagnostics })))}`));
      }, timeout);
      this.pubWaiters.push(() => {
        const f = find();
        if (f) {
          clearTimeout(timer);
          resolve(f);
          return true;
        }
        return false;
      });
    });
  }

  // ---- the end ----

  /** shutdown sends shutdown then exit and returns the exit code. */
  async shutdownAndExit() {
    const res = await this.conn.sendRequest(P.ShutdownRequest.type);
    assert.equal(res, null, 'shutdown answers null');
    await this.conn.sendNotification(P.ExitNotification.type);
    return this.waitExit();
  }

  async waitExit(timeout = 10000) {
    let timer;
    const t = new Promise((resolve) => {
      timer = setTimeout(() => resolve(null), timeout);
    });
    const r = await Promise.race([this.exited, t]);
    clearTimeout(timer);
    if (r === null) {
      this.child.kill('SIGKILL');
      throw new Error(`the server did not exit within ${timeout} ms`);
    }
    this.conn.dispose();
    return r;
  }

  /**
   * checkHygiene asserts what every session must keep: stdout was frames
   * only, every request written got exactly one answer with its id,
   * diagnostics were always arrays.
   */
  checkHygiene({ allowNullIdErrors = 0 } = {}) {
    assert.deepEqual(this.tap.problems, [], 'stdout carried something other than JSON-RPC frames');
    if (this.child.exitCode !== null) {
      assert.equal(this.tap.buf.length, 0, `stdout ended inside a frame: ${JSON.stringify(this.tap.buf.subarray(0, 120).toString('utf8'))}`);
    }
    assert.deepEqual(this.readerErrors, [], 'the JSON-RPC reader failed');
    assert.deepEqual(this.nullDiagnostics, [], 'publishDiagnostics sent a non-array diagnostics');
    const answered = new Map();
    let nullIds = 0;
    for (const r of this.tap.responses()) {
      if (r.id === null) {
        nullIds++;
        continue;
      }
      answered.set(r.id, (answered.get(r.id) || 0) + 1);
    }
    const unanswered = [...this.sent].filter(([id]) => !answered.has(id)).map(([id, m]) => `${id} ${m}`);
    assert.deepEqual(unanswered, [], 'requests without an answer');
    const twice = [...answered].filter(([, n]) => n > 1).map(([id]) => id);
    assert.deepEqual(twice, [], 'requests answered more than once');
    const strangers = [...answered.keys()].filter((id) => !this.sent.has(id));
    assert.deepEqual(strangers, [], 'answers to requests never sent');
    assert.equal(nullIds, allowNullIdErrors, 'answers with a null id (to unreadable frames)');
    // Diagnostics never go back to an older version of a document.
    const last = new Map();
    for (const p of this.publications) {
      if (p.version === undefined || p.version === null) continue;
      assert.ok(!(last.get(p.uri) > p.version), `diagnostics for ${p.uri} went back from version ${last.get(p.uri)} to ${p.version}`);
      last.set(p.uri, p.version);
    }
    assert.doesNotMatch(this.stderr, /panic|goroutine \d+ \[|DATA RACE/, 'the server logged a panic or a data race');
  }

  /** describe is context for failure messages: the server's stderr. */
  describe() {
    return `server stderr:\n${this.stderr.slice(-4000)}`;
  }
}

/**
 * checkDiagnosticSpans asserts that each diagnostic's range covers the
 * same text as the byte span in its data: the range went through the
 * UTF-16 conversion, the span did not.
 */
function checkDiagnosticSpans(text, diagnostics) {
  for (const d of diagnostics) {
    assert.ok(d.data && Number.isInteger(d.data.start), `diagnostic without a byte span: ${JSON.stringify(d)}`);
    assert.equal(slice(text, d.range), byteSlice(text, d.data.start, d.data.end), `the range of ${d.code} at ${JSON.stringify(d.range)} covers other text than its bytes ${d.data.start}..${d.data.end}`);
  }
}

module.exports = {
  P,
  Client,
  fullCapabilities,
  env,
  fileURI,
  vscodeURI,
  workspace,
  fixture,
  offsetAt,
  positionAt,
  slice,
  rangeOf,
  applyTextEdits,
  editsOf,
  byteSlice,
  checkDiagnosticSpans,
};
