// Loaded into Node (NODE_OPTIONS=--require) when the arm64 tests run under qemu-user
// without binfmt_misc: the kernel cannot start an arm64 program by itself there, so
// every child process whose program is this same Node is started through qemu
// (EOL_EDIT_QEMU). Children started through a shell cannot be rerouted; those tests
// skip under qemu.
'use strict'
const childProcess = require('node:child_process')
const qemu = process.env.EOL_EDIT_QEMU
if (qemu) {
  const node = process.execPath
  const isNode = (file) => file === node || file === 'node' || file === process.argv0
  const { spawn } = childProcess.ChildProcess.prototype
  childProcess.ChildProcess.prototype.spawn = function (options) {
    if (options && isNode(options.file)) {
      options = { ...options, file: qemu, args: [qemu, node, ...options.args.slice(1)] }
    }
    return spawn.call(this, options)
  }
  for (const name of ['spawnSync', 'execFileSync']) {
    const original = childProcess[name]
    childProcess[name] = function (file, args, options) {
      if (!isNode(file)) return original.apply(this, arguments)
      if (!Array.isArray(args)) {
        options = args
        args = []
      }
      return original.call(this, qemu, [node, ...args], options)
    }
  }
  require('node:module').syncBuiltinESMExports()
}
