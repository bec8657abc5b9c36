// The JavaScript side of python/tests/test_tools.py: runs tool calls through the Node
// package of this checkout (`createTools` of tools.js) and prints their results, so
// that the test can compare them with the Python tools' results exactly.
//
// stdin: {"options": {createTools' options}, "calls": [{"tool": "edit_file", "args": {...}, "context"?: {...}}]}
// or {"describe": true}: the tool set's definitions and their vendor shapes.
'use strict'

const tools = require('../../tools.js')

let input = ''
process.stdin.on('data', (chunk) => (input += chunk))
process.stdin.on('end', async () => {
  const request = JSON.parse(input)
  const options = request.options || {}
  // A host that says no to every change (a function cannot travel as JSON).
  if (options.approve === 'reject') options.approve = () => false
  const set = tools.createTools(options)
  if (request.describe) {
    const list = Object.values(set).map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }))
    process.stdout.write(
      JSON.stringify({
        tools: list,
        openai: tools.toOpenAITools(set),
        openai_strict: tools.toOpenAITools(set, { strict: true }),
        responses_strict: tools.toOpenAIResponsesTools(set, { strict: true }),
        anthropic: tools.toAnthropicTools(set),
      }),
    )
    return
  }
  const results = []
  for (const call of request.calls) {
    // Another program changes a file between two calls.
    if (call.tool === 'other_program_writes') {
      require('node:fs').writeFileSync(require('node:path').join(options.root, call.args.path), call.args.content)
      results.push(null)
    } else {
      const context = call.context && { ...call.context }
      // A host that cancelled the call (a signal cannot travel as JSON).
      if (context && context.signal === 'aborted') context.signal = AbortSignal.abort()
      results.push(await set[call.tool].execute(call.args, context))
    }
  }
  process.stdout.write(JSON.stringify(results))
})
