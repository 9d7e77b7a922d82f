// A StrykerJS ignorer: statements that only log (console.error/warn/log/info) are not mutated. What a
// log line says is for the people reading the logs; no test of behaviour can or should tell it.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin'

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'logging', {
    shouldIgnore(path) {
      if (!path.isExpressionStatement()) return undefined
      const call = path.node.expression
      const callee = call.type === 'CallExpression' ? call.callee : null
      const isConsole = callee?.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'console'
      return isConsole ? 'Only logs' : undefined
    },
  }),
]
