/**
 * The class groups `cn` knows. tailwind-merge's default configuration knows every Tailwind class (~6 KB
 * gzip of the entry chunk, on every page); `cn` only merges the classes written in src/client. So this
 * is getDefaultConfig() of tailwind-merge 3.7 cut down to the groups those classes belong to, each with
 * its validators (numbers, fractions, arbitrary values...) and only the keyword values we use, theme
 * scales written out, conflicts and group order unchanged (the order decides e.g. that `text-sm` is a
 * font size and `text-slate-900` a colour).
 *
 * cn.test.ts checks that `cn` merges every pair of classes found in src/client exactly as the full
 * twMerge does. When it fails after you wrote a new class, add the class's group, or its keyword value,
 * from node_modules/tailwind-merge/src/lib/default-config.ts here.
 */

// The validators the groups below use, copied from tailwind-merge 3.7 (src/lib/validators.ts, MIT,
// Dany Castillo): its `validators` export holds all of them (~1 KB gzip), most unused here.
const arbitraryValueRegex = /^\[(?:(\w[\w-]*):)?(.+)\]$/i
const arbitraryVariableRegex = /^\((?:(\w[\w-]*):)?(.+)\)$/i
const fractionRegex = /^\d+(?:\.\d+)?\/\d+(?:\.\d+)?$/
const tshirtUnitRegex = /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/
const lengthUnitRegex =
  /\d+(%|px|r?em|[sdl]?v([hwib]|min|max)|pt|pc|in|cm|mm|cap|ch|ex|r?lh|cq(w|h|i|b|min|max))|\b(calc|min|max|clamp)\(.+\)|^0$/
const colorFunctionRegex = /^(rgba?|hsla?|hwb|(ok)?(lab|lch)|color-mix|color|light-dark)\(.+\)$/
const shadowRegex = /^(inset_)?-?((\d+)?\.?(\d+)[a-z]+|0)_-?((\d+)?\.?(\d+)[a-z]+|0)/

type Test = (value: string) => boolean
const isFraction: Test = (value) => fractionRegex.test(value)
const isNumber: Test = (value) => !!value && !Number.isNaN(Number(value))
const isInteger: Test = (value) => !!value && Number.isInteger(Number(value))
const isTshirtSize: Test = (value) => tshirtUnitRegex.test(value)
const isAny: Test = () => true
const isNever: Test = () => false
const isLengthOnly: Test = (value) => lengthUnitRegex.test(value) && !colorFunctionRegex.test(value)
const isShadow: Test = (value) => shadowRegex.test(value)
const isArbitraryValue: Test = (value) => arbitraryValueRegex.test(value)
const isArbitraryVariable: Test = (value) => arbitraryVariableRegex.test(value)
const isAnyNonArbitrary: Test = (value) => !isArbitraryValue(value) && !isArbitraryVariable(value)

const getIsArbitraryValue = (value: string, testLabel: Test, testValue: Test) => {
  const result = arbitraryValueRegex.exec(value)
  if (result) return result[1] ? testLabel(result[1]) : testValue(result[2] ?? '')
  return false
}
const getIsArbitraryVariable = (value: string, testLabel: Test, shouldMatchNoLabel = false) => {
  const result = arbitraryVariableRegex.exec(value)
  if (result) return result[1] ? testLabel(result[1]) : shouldMatchNoLabel
  return false
}
const isLabelLength: Test = (label) => label === 'length'
const isLabelFamilyName: Test = (label) => label === 'family-name'
const isLabelWeight: Test = (label) => label === 'number' || label === 'weight'
const isLabelShadow: Test = (label) => label === 'shadow'

const isArbitraryLength: Test = (value) => getIsArbitraryValue(value, isLabelLength, isLengthOnly)
const isArbitraryWeight: Test = (value) => getIsArbitraryValue(value, isLabelWeight, isAny)
const isArbitraryFamilyName: Test = (value) => getIsArbitraryValue(value, isLabelFamilyName, isNever)
const isArbitraryShadow: Test = (value) => getIsArbitraryValue(value, isLabelShadow, isShadow)
const isArbitraryVariableLength: Test = (value) => getIsArbitraryVariable(value, isLabelLength)
const isArbitraryVariableFamilyName: Test = (value) => getIsArbitraryVariable(value, isLabelFamilyName)
const isArbitraryVariableShadow: Test = (value) => getIsArbitraryVariable(value, isLabelShadow, true)
const isArbitraryVariableWeight: Test = (value) => getIsArbitraryVariable(value, isLabelWeight, true)

export const twMergeConfig = () => ({
  cacheSize: 500,
  theme: {},
  classGroups: {
    aspect: [{ aspect: [isFraction, isArbitraryValue, isArbitraryVariable, 'video'] }],
    container: ['container'],
    display: ['block', 'inline-block', 'inline', 'flex', 'inline-flex', 'table', 'grid', 'hidden'],
    sr: ['sr-only', 'not-sr-only'],
    'object-fit': [{ object: ['contain', 'cover'] }],
    overflow: [{ overflow: ['hidden'] }],
    'overflow-x': [{ 'overflow-x': ['auto'] }],
    'overflow-y': [{ 'overflow-y': ['auto'] }],
    position: ['fixed', 'absolute', 'relative', 'sticky'],
    inset: [{ inset: [isFraction, isArbitraryVariable, isArbitraryValue, isNumber] }],
    'inset-x': [{ 'inset-x': [isFraction, isArbitraryVariable, isArbitraryValue, isNumber] }],
    'inset-y': [{ 'inset-y': [isFraction, isArbitraryVariable, isArbitraryValue, isNumber] }],
    top: [{ top: [isFraction, 'auto', isArbitraryVariable, isArbitraryValue, isNumber] }],
    right: [{ right: [isFraction, isArbitraryVariable, isArbitraryValue, isNumber] }],
    bottom: [{ bottom: [isFraction, 'auto', isArbitraryVariable, isArbitraryValue, isNumber] }],
    left: [{ left: [isFraction, isArbitraryVariable, isArbitraryValue, isNumber] }],
    visibility: ['visible', 'collapse'],
    z: [{ z: [isInteger, isArbitraryVariable, isArbitraryValue] }],
    basis: [{ basis: [isFraction, 'full', isTshirtSize, isArbitraryVariable, isArbitraryValue, isNumber] }],
    'flex-direction': [{ flex: ['row', 'col', 'col-reverse'] }],
    'flex-wrap': [{ flex: ['wrap'] }],
    flex: [{ flex: [isNumber, isFraction, 'none', isArbitraryValue] }],
    grow: [{ grow: [isNumber, isArbitraryVariable, isArbitraryValue] }],
    shrink: [{ shrink: [isNumber, isArbitraryVariable, isArbitraryValue] }],
    order: [{ order: [isInteger, 'last', 'none', isArbitraryVariable, isArbitraryValue] }],
    'grid-cols': [{ 'grid-cols': [isInteger, isArbitraryVariable, isArbitraryValue] }],
    'col-start-end': [
      {
        col: [
          { span: [isInteger, isArbitraryVariable, isArbitraryValue] },
          isInteger,
          isArbitraryVariable,
          isArbitraryValue,
        ],
      },
    ],
    gap: [{ gap: [isArbitraryVariable, isArbitraryValue, isNumber] }],
    'gap-x': [{ 'gap-x': [isArbitraryVariable, isArbitraryValue, isNumber] }],
    'gap-y': [{ 'gap-y': [isArbitraryVariable, isArbitraryValue, isNumber] }],
    'justify-content': [{ justify: ['end', 'center', 'between'] }],
    'align-items': [{ items: ['start', 'end', 'center', { baseline: [''] }] }],
    'align-self': [{ self: ['auto', 'start'] }],
    p: [{ p: [isArbitraryVariable, isArbitraryValue, isNumber] }],
    px: [{ px: [isArbitraryVariable, isArbitraryValue, isNumber] }],
    py: [{ py: [isArbitraryVariable, isArbitraryValue, isNumber] }],
    pt: [{ pt: [isArbitraryVariable, isArbitraryValue, isNumber] }],
    pb: [{ pb: [isArbitraryVariable, isArbitraryValue, isNumber] }],
    pr: [{ pr: [isArbitraryVariable, isArbitraryValue, isNumber] }],
    pl: [{ pl: [isArbitraryVariable, isArbitraryValue, isNumber] }],
    mx: [{ mx: ['auto', isArbitraryVariable, isArbitraryValue, isNumber] }],
    my: [{ my: [isArbitraryVariable, isArbitraryValue, isNumber] }],
    mt: [{ mt: ['auto', isArbitraryVariable, isArbitraryValue, isNumber] }],
    mr: [{ mr: [isArbitraryVariable, isArbitraryValue, isNumber] }],
    mb: [{ mb: [isArbitraryVariable, isArbitraryValue, isNumber] }],
    ml: [{ ml: [isArbitraryVariable, isArbitraryValue, isNumber] }],
    'space-y': [{ 'space-y': [isArbitraryVariable, isArbitraryValue, isNumber] }],
    size: [{ size: [isFraction, 'full', isArbitraryVariable, isArbitraryValue, isNumber] }],
    w: [
      {
        w: [isTshirtSize, isFraction, 'auto', 'full', 'max', isArbitraryVariable, isArbitraryValue, isNumber],
      },
    ],
    'min-w': [{ 'min-w': [isTshirtSize, isFraction, isArbitraryVariable, isArbitraryValue, isNumber] }],
    'max-w': [
      {
        'max-w': [
          isTshirtSize,
          { screen: [isTshirtSize] },
          isFraction,
          'full',
          isArbitraryVariable,
          isArbitraryValue,
          isNumber,
        ],
      },
    ],
    h: [{ h: [isFraction, 'auto', 'full', isArbitraryVariable, isArbitraryValue, 'px', isNumber] }],
    'min-h': [{ 'min-h': ['screen', isFraction, isArbitraryVariable, isArbitraryValue, isNumber] }],
    'max-h': [{ 'max-h': ['screen', isFraction, isArbitraryVariable, isArbitraryValue, isNumber] }],
    'font-size': [{ text: ['base', isTshirtSize, isArbitraryVariableLength, isArbitraryLength] }],
    'font-style': ['not-italic'],
    'font-weight': [
      { font: ['normal', 'medium', 'semibold', 'bold', isArbitraryVariableWeight, isArbitraryWeight] },
    ],
    'fvn-spacing': ['tabular-nums'],
    'font-family': [{ font: [isArbitraryVariableFamilyName, isArbitraryFamilyName, isAnyNonArbitrary] }],
    leading: [{ leading: ['none', 'tight', 'relaxed', isArbitraryVariable, isArbitraryValue, isNumber] }],
    'list-style-type': [{ list: ['disc', isArbitraryVariable, isArbitraryValue] }],
    'text-alignment': [{ text: ['left', 'center'] }],
    'text-color': [{ text: [isAny, isArbitraryVariable, isArbitraryValue] }],
    'text-decoration': ['underline', 'line-through', 'no-underline'],
    'underline-offset': [{ 'underline-offset': [isNumber, isArbitraryVariable, isArbitraryValue] }],
    'text-overflow': ['truncate'],
    'vertical-align': [{ align: ['middle', isArbitraryVariable, isArbitraryValue] }],
    whitespace: [{ whitespace: ['normal', 'nowrap', 'pre', 'pre-line', 'pre-wrap', 'break-spaces'] }],
    tracking: [
      {
        tracking: [
          'tighter',
          'tight',
          'normal',
          'wide',
          'wider',
          'widest',
          isArbitraryVariable,
          isArbitraryValue,
        ],
      },
    ],
    'text-transform': ['uppercase', 'lowercase', 'capitalize', 'normal-case'],
    content: [{ content: ['none', isArbitraryVariable, isArbitraryValue] }],
    break: [{ break: ['normal', 'words', 'all', 'keep'] }],
    'bg-color': [{ bg: [isAny, isArbitraryVariable, isArbitraryValue] }],
    rounded: [{ rounded: ['', 'full', isTshirtSize, isArbitraryVariable, isArbitraryValue] }],
    'border-w': [{ border: ['', isNumber, isArbitraryVariableLength, isArbitraryLength] }],
    'border-w-t': [{ 'border-t': ['', isNumber, isArbitraryVariableLength, isArbitraryLength] }],
    'border-w-b': [{ 'border-b': ['', isNumber, isArbitraryVariableLength, isArbitraryLength] }],
    'border-w-l': [{ 'border-l': ['', isNumber, isArbitraryVariableLength, isArbitraryLength] }],
    'divide-y': [{ 'divide-y': ['', isNumber, isArbitraryVariableLength, isArbitraryLength] }],
    'border-style': [{ border: ['dashed', 'dotted'] }],
    'border-color': [{ border: [isAny, isArbitraryVariable, isArbitraryValue] }],
    'divide-color': [{ divide: [isAny, isArbitraryVariable, isArbitraryValue] }],
    'outline-style': [{ outline: ['none'] }],
    'outline-offset': [{ 'outline-offset': [isNumber, isArbitraryVariable, isArbitraryValue] }],
    'outline-w': [{ outline: ['', isNumber, isArbitraryVariableLength, isArbitraryLength] }],
    'outline-color': [{ outline: [isAny, isArbitraryVariable, isArbitraryValue] }],
    'ring-w': [{ ring: ['', isNumber, isArbitraryVariable, isArbitraryValue] }],
    'ring-color': [{ ring: [isAny, isArbitraryVariable, isArbitraryValue] }],
    accent: [{ accent: ['auto', isAny, isArbitraryVariable, isArbitraryValue] }],
    shadow: [{ shadow: ['', isTshirtSize, isArbitraryVariableShadow, isArbitraryShadow] }],
    opacity: [{ opacity: [isNumber, isArbitraryVariable, isArbitraryValue] }],
    filter: [{ filter: ['', isArbitraryVariable, isArbitraryValue] }],
    'border-collapse': [{ border: ['separate'] }],
    'border-spacing': [{ 'border-spacing': [isArbitraryVariable, isArbitraryValue, isNumber] }],
    'table-layout': [{ table: ['fixed'] }],
    caption: [{ caption: ['top', 'bottom'] }],
    transition: [{ transition: ['colors', 'transform', isArbitraryVariable, isArbitraryValue] }],
    animate: [{ animate: ['spin', isArbitraryVariable, isArbitraryValue] }],
    rotate: [{ rotate: [isNumber, isArbitraryVariable, isArbitraryValue] }],
    transform: [{ transform: [isArbitraryVariable, isArbitraryValue, ''] }],
    'translate-x': [{ 'translate-x': [isFraction, isArbitraryVariable, isArbitraryValue, isNumber] }],
    'translate-y': [{ 'translate-y': [isFraction, isArbitraryVariable, isArbitraryValue, isNumber] }],
    cursor: [
      {
        cursor: [
          'default',
          'pointer',
          'not-allowed',
          'grab',
          'grabbing',
          isArbitraryVariable,
          isArbitraryValue,
        ],
      },
    ],
    'pointer-events': [{ 'pointer-events': ['auto', 'none'] }],
    'scroll-mt': [{ 'scroll-mt': [isArbitraryVariable, isArbitraryValue, isNumber] }],
    touch: [{ touch: ['auto', 'none', 'manipulation'] }],
    'touch-y': [{ 'touch-pan': ['y'] }],
    select: [{ select: ['none'] }],
    resize: [{ resize: [''] }],
  },
  conflictingClassGroups: {
    overflow: ['overflow-x', 'overflow-y'],
    inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
    'inset-x': ['right', 'left'],
    'inset-y': ['top', 'bottom'],
    touch: ['touch-y'],
    'touch-y': ['touch'],
    flex: ['basis', 'grow', 'shrink'],
    gap: ['gap-x', 'gap-y'],
    p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
    px: ['pr', 'pl'],
    py: ['pt', 'pb'],
    mx: ['mr', 'ml'],
    my: ['mt', 'mb'],
    size: ['w', 'h'],
    'font-size': ['leading'],
    'border-w': ['border-w-t', 'border-w-b', 'border-w-l'],
  },
  conflictingClassGroupModifiers: { 'font-size': ['leading'] },
  postfixLookupClassGroups: [],
  orderSensitiveModifiers: [
    '*',
    '**',
    'after',
    'backdrop',
    'before',
    'details-content',
    'file',
    'first-letter',
    'first-line',
    'marker',
    'placeholder',
    'selection',
  ],
})
