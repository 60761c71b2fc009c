/**
 * Display titles for abstracts that come without one: the name of the method, system, model,
 * benchmark or data set the abstract introduces (when it introduces one), and a short noun phrase
 * saying what the paper is about, both taken from the abstract's own words.
 *
 * Only general rules of scientific English: who is the object of "we propose/introduce/present",
 * "called/named/dubbed X", "X, a novel framework ...", "X (Expanded Acronym)", a coined name that keeps
 * coming back as a subject, and the shape of coined names (internal capitals, digits, hyphen + capitals).
 * Names an abstract only uses or compares against (baselines, benchmarks, model families) are not taken.
 * Pure TypeScript, no I/O.
 */

import { sentenceOffsets } from './text';

export interface TitleResult {
  title: string;
  method: string | null;
  descriptor: string;
}

const MAX_TITLE = 72;
const MAX_DESC_WORDS = 8;

// ---------------------------------------------------------------------------------------------
// Word lists (general English / general scientific knowledge only)
// ---------------------------------------------------------------------------------------------

const set = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean));

/** Articles, pronouns, prepositions, conjunctions, auxiliaries. */
const FUNC = set(
  'a an the this that these those its it their they them there our we us you your he she his her ' +
    'of for in on at to from by with without within via through into onto over under across between among against ' +
    'toward towards upon about around after before during until since per than as like ' +
    'and or nor but yet so both either neither whether if then also too ' +
    'is are was were be been being am do does did done has have had having can could may might will would shall should must ' +
    'which who whom whose where when while whereas whereby what how why not no',
);

/** Words that end a noun phrase when met (besides punctuation). */
const PHRASE_STOP = set(
  'that which who whom whose where when while whereas whereby because since although though despite unless until ' +
    'is are was were be been being can could may might will would shall should must does do did has have had ' +
    'to by using through thereby thus hence so such e.g i.e including than as then if whether ' +
    'we our they their it its this these those not',
);

/** Prepositions and conjunctions at which a phrase may be cut (the cut goes before them). */
const CUT_BEFORE = set('for of in on with via from across under over between within into beyond without towards toward and or at among before after during');

/** Verbs common in abstracts (never part of a noun phrase). */
const VERBS = set(
  'propose proposes proposed introduce introduces present presents show shows showed demonstrate demonstrates achieve achieves ' +
    'improve improves outperform outperforms enable enables allow allows require requires remain remains suffer suffers ' +
    'struggle struggles lack lacks rely relies depend depends learn learns train trains generate generates produce produces ' +
    'provide provides reduce reduces increase increases lead leads result results fail fails perform performs surpass surpasses ' +
    'emerge emerges become becomes make makes use uses leverage leverages exploit exploits address addresses tackle tackles ' +
    'study studies investigate investigates analyze analyzes analyse analyses explore explores examine examines consider considers ' +
    'find finds found observe observes reveal reveals yield yields offer offers obtain obtains attain attains reach reaches ' +
    'integrate integrates combine combines employ employs adopt adopts apply applies extend extends build builds develop develops ' +
    'design designs evaluate evaluates compare compares match matches exceed exceeds maintain maintains preserve preserves ' +
    'capture captures encourage encourages mitigate mitigates prevent prevents ensure ensures support supports hold holds ' +
    'argue argues believe hope aim aims seek seeks ask asks need needs get gets take takes give gives keep keeps let lets ' +
    'call calls named called dubbed termed coined term name dub coin refer refers know known seen see sees set sets',
);

/** Hype and filler modifiers dropped from descriptors. */
const HYPE = set(
  'novel new simple simplest effective powerful principled innovative straightforward elegant remarkably surprisingly ' +
    'highly very first first-ever yet easy-to-implement plug-and-play minimal minimalist generic versatile flexible ' +
    'promising practical proposed improved advanced sophisticated carefully',
);

/** Heads that say little on their own ("a framework"). */
const GENERIC_HEADS = set(
  'framework method approach algorithm system model technique paradigm strategy recipe pipeline mechanism architecture ' +
    'infrastructure module tool toolkit library platform agent objective procedure scheme formulation solution operator ' +
    'substrate stack design methodology principle variant family class suite set series collection kind type form version ' +
    'problem question setting issue gap challenge limitation task idea case phenomenon regime direction area field topic aspect way ' +
    'work paper study analysis',
);

/** Class nouns that tell an appositive introduces something ("X, a ... framework"). */
const CLASS_NOUNS = set(
  'framework method approach algorithm system model benchmark dataset data testbed test-bed suite library toolkit pipeline ' +
    'paradigm technique strategy recipe agent architecture platform environment environments mechanism metric objective loss ' +
    'infrastructure stack formulation procedure scheme policy planner controller simulator estimator optimizer generator ' +
    'module network family class series collection corpus resource tool protocol operator game engine service language ' +
    'extension variant estimator critic verifier judge substrate workflow model-based score index indicator measure scale ' +
    'test catalogue catalog database server software package assistant device sensor probe assay instrument survey',
);

/** Words saying a name is someone else's: "the popular X, a widely used ...". */
const EXISTING_MARKERS = set(
  'popular widely standard existing well-known prior previous previously recent recently classic classical common commonly ' +
    'conventional traditional original vanilla baseline baselines established mainstream prevailing famous de-facto so-called',
);

/** Adjectives that cannot end a phrase (no suffix tells them apart). */
const ADJ = set(
  'such various different multiple several large small high low better worse more less most least other same own key main ' +
    'recent existing current prior previous general specific efficient robust scalable stable optimal dynamic static ' +
    'new novel simple first second third last final full fine long short deep shallow hard easy strong weak good bad many few ' +
    'single multi open real online offline early late whole entire overall additional extra average free broad wide narrow ' +
    'diverse arbitrary necessary auxiliary primary secondary temporary preliminary complementary evolutionary ordinary stationary ' +
    'non-stationary contrary elementary exemplary unseen complex rich sparse dense noisy clean safe fast slow precise accurate ' +
    'realistic implicit explicit coarse fine-grained coarse-grained high-quality low-quality large-scale small-scale long-horizon ' +
    'short-horizon state-of-the-art real-world open-source open-ended closed-source well-defined widely-used',
);

/** Nouns with an adjective-looking suffix. */
const NOUN_EXCEPTIONS = set(
  'objective objectives alternative alternatives perspective perspectives incentive incentives initiative directive ' +
    'representative derivative derivatives executive detective archive archives variable variables table tables cable ' +
    'vegetable vegetables receivable deliverable deliverables observable observables collectible signal signals goal goals ' +
    'need needed seed seeds speed feed feedback bed embed thread threads',
);

/** Acronyms and terms every reader knows: never a name an abstract introduces. */
const KNOWN = set(
  'ai agi asi ml dl nlp cv ir rl drl marl mtrl irl il bc hrl mbrl orl rlhf rlvr rlaif llm lm slm lrm vlm vla mllm lvlm ' +
    'sft mdp mdps pomdp cmdp gpu tpu cpu api sdk ui gui cli os sql html json xml url http https cuda sota ood iid qa vqa ' +
    'rag cot tot moe ode sde pde vae gan cnn rnn lstm mlp gnn vit bert gpt ppo grpo dpo trpo sac td3 ddpg dqn a2c a3c ' +
    'reinforce rloo dapo gspo cql iql bcq awr awac td mc mcts ucb gae sgd adam adamw pca svd lora peft rm prm orm kl ' +
    'mse mae rmse auroc auc roc bleu rouge iou fid f1 map ndcg mrr em ce nll elbo kkt lp ilp milp milps qp nas ' +
    'crispr dna rna mrna pcr rt-pcr scrna-seq gwas snp snps gdp cpi fed ecb imf covid covid-19 sars-cov-2 hiv ' +
    'nasa esa jwst hst sdss lhc cmb agn smbh gw lsst tess kepler gaia fda nih who icu ehr mri ct fmri eeg ecg pet ' +
    'ar vr xr iot 5g 6g gps lidar rgb rgb-d fps dof sim2real sim-to-real ci cd devops fem cfd dft md qm mcmc ' +
    'usa us uk eu un id ids pdf svm knn rf xgboost ssl nerf ssm ssms sde ode llm-as-a-judge vlm-as-a-judge as-a-judge q-learning ' +
    'step-by-step end-to-end state-of-the-art chain-of-thought ai-generated phd tl;dr',
);

/** Adjectives and nouns made from people's names: written with a capital in any sentence. */
const EPONYMS = set(
  'bayesian bayes gaussian markov markovian euclidean boolean newtonian hamiltonian lagrangian riemannian hessian laplacian jacobian ' +
    'dirichlet poisson bernoulli nash pareto bellman wasserstein kullback shapley monte carlo boltzmann gibbs langevin kalman fourier ' +
    'hilbert banach lipschitz stackelberg turing darwinian cartesian mendelian keynesian',
);

/** Families of well-known models, libraries and benchmarks (matched as a prefix of a name). */
const KNOWN_FAMILY =
  /^(gpt|chatgpt|llama|qwen|qwq|mistral|mixtral|gemini|gemma|claude|deepseek|phi|t5|flan|bert|roberta|opt|falcon|palm|o1|o3|o4|internvl|internlm|llava|glm|chatglm|kimi|doubao|grok|sdxl?|stable|flux|dall-e|clip|sam|dino|dinov2|alphago|alphazero|alphafold|alphatensor|muzero|dreamer|dreamerv\d|resnet|vgg|unet|u-net|transformer|mamba|imagenet|cifar|mnist|coco|glue|superglue|squad|mmlu|gsm8k|humaneval|aime|math500|mujoco|atari|d4rl|procgen|minecraft|nethack|starcraft|pytorch|tensorflow|jax|numpy|github|huggingface|arxiv|python|java|linux|ros)(\b|[-\d.]|$)/i;

/** All-caps words that stand for a scrubbed or generic name, not a name. */
const PLACEHOLDERS = set('METHOD METHODS MODEL OURS NAME ALGORITHM SYSTEM FRAMEWORK APPROACH DATASET BENCHMARK PROPOSED BASELINE TODO XXX');

const INTRO_VERBS = set(
  'propose proposes proposed introduce introduces introduced present presents presented develop develops developed ' +
    'design designs designed build builds built create creates created construct constructs constructed release releases ' +
    'devise devises devised contribute contributes curate curates curated derive derives derived establish establishes ' +
    'call calls name term dub coin offer offers instantiate instantiates implement implements put',
);
const NAMING_WORDS = set('called named dubbed termed coined namely');
const SECONDARY_ADVERBS = set('further also additionally moreover then second secondly third finally besides next lastly subsequently');
const PRIOR_ADVERBS = set('previously earlier recently formerly once');
const SUBJECT_NOUNS = set('paper work study article report letter chapter survey thesis note manuscript contribution');

// ---------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------

interface Tok {
  /** The word without surrounding punctuation. */
  core: string;
  lower: string;
  /** Punctuation stripped from the front ("(", quotes). */
  pre: string;
  /** Punctuation stripped from the end (",", ")", "."), plus any dash tokens that followed. */
  post: string;
  sent: number;
  sentStart: boolean;
  possessive: boolean;
  /** Cached per-word facts: base name, shape, common acronym, familiar family. */
  base: string;
  shape: number;
  known: boolean;
  familiar: boolean;
}

const count = (s: string, c: string): number => {
  let n = 0;
  for (const ch of s) if (ch === c) n++;
  return n;
};

const LEAD_CHARS = new Set('("\'“‘`[{<\\');
const TRAIL_CHARS = new Set('"\'”’],.;:!?>');

/** True when the string has a letter or digit. */
function hasAlnum(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c > 127 && /[\p{L}\p{N}]/u.test(s[i]))) return true;
  }
  return false;
}

/** Plain lower-case ASCII word: most tokens, with a fast path. */
function plainLower(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c === 45 && i > 0))) return false;
  }
  return s.length > 0;
}

function tokenize(text: string): Tok[] {
  const starts = sentenceOffsets(text);
  const toks: Tok[] = [];
  let sent = 0;
  let lastSent = -1;
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && text.charCodeAt(i) <= 32) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && text.charCodeAt(i) > 32) i++;
    while (sent + 1 < starts.length && starts[sent + 1] <= start) sent++;
    let a = start;
    while (a < i && LEAD_CHARS.has(text[a])) a++;
    let end = i;
    let opens = -1;
    let braces = -1;
    while (end > a) {
      const c = text[end - 1];
      if (TRAIL_CHARS.has(c)) end--;
      else if (c === ')') {
        if (opens < 0) opens = count(text.slice(a, end), '(');
        if (opens < count(text.slice(a, end), ')')) end--;
        else break;
      } else if (c === '}') {
        if (braces < 0) braces = count(text.slice(a, end), '{');
        if (braces < count(text.slice(a, end), '}')) end--;
        else break;
      } else break;
    }
    const pre = text.slice(start, a);
    const post = text.slice(end, i);
    let core = text.slice(a, end);
    let possessive = false;
    if (core.length > 2 && core[core.length - 1] === 's' && (core[core.length - 2] === "'" || core[core.length - 2] === '’') && hasAlnum(core[0])) {
      core = core.slice(0, -2);
      possessive = true;
    }
    if (!hasAlnum(core)) {
      // a dash or other lone symbol: glue it to the previous word's trailing punctuation
      if (toks.length > 0 && toks[toks.length - 1].sent === sent) toks[toks.length - 1].post += ` ${pre}${core}${post}`;
      continue;
    }
    if (plainLower(core)) {
      toks.push({ core, lower: core, pre, post, sent, sentStart: sent !== lastSent, possessive, base: core, shape: 0, known: KNOWN.has(core), familiar: false });
    } else {
      const info = wordInfo(core);
      toks.push({ core, lower: info.lower, pre, post, sent, sentStart: sent !== lastSent, possessive, base: info.base, shape: info.shape, known: info.known, familiar: info.familiar });
    }
    lastSent = sent;
  }
  return toks;
}

/** True when punctuation after the token breaks the phrase (comma, stop, bracket, dash, colon). */
const breaksAfter = (t: Tok): boolean => /[,;:.!?)\]}(—–-]/.test(t.post);

// ---------------------------------------------------------------------------------------------
// Name shapes
// ---------------------------------------------------------------------------------------------

/** Small bounded cache for per-word computations (words repeat across abstracts). */
function memo<T>(fn: (w: string) => T): (w: string) => T {
  const cache = new Map<string, T>();
  return (w: string): T => {
    let v = cache.get(w);
    if (v === undefined) {
      if (cache.size > 20000) cache.clear();
      v = fn(w);
      cache.set(w, v);
    }
    return v;
  };
}

/** The name without a model-size or version suffix: "RubricEM-8B" -> "RubricEM". */
const baseName = memo((core: string): string => core.replace(/(-(\d+(\.\d+)?[BM]|\d+x\d+[BM]))(-[A-Za-z]+)?$/, '').replace(/-$/, ''));

const isAcronymPlural = (w: string): boolean => /^[A-Z][A-Z0-9]+s$/.test(w);
const singular = (w: string): string => (isAcronymPlural(w) ? w.slice(0, -1) : w);

/**
 * 0: not name-like; 1: Title-case word; 2: all-caps acronym; 3: coined shape (internal capitals,
 * digits mixed with letters, hyphen + capitals, ^ _ + * . inside).
 */
const shapeOf = memo((word: string): number => {
  const w = baseName(word);
  if (w.length < 2 || !/[A-Za-z]/.test(w)) return 0;
  if (/[@=<>|/\\()%$#&~]|:\/\/|^www\.|\.(com|org|io|ai|net|edu|html?)$/i.test(w)) return 0;
  if (/^\d/.test(w)) return 0;
  if (/^(i|ii|iii|iv|v|vi|vii|viii|ix|x|xi|xii)$/i.test(w)) return 0;
  if (/^[A-Z]-[a-z]/.test(w)) return 0; // Q-learning, K-means, X-ray
  if (/^(e\.g|i\.e|et|al|vs|etc|cf|fig|eq)$/i.test(w)) return 0;
  const parts = w.split('-');
  const last = parts[parts.length - 1];
  const hasUpper = /[A-Z]/.test(w);
  const hasLower = /[a-z]/.test(w);
  const hasDigit = /\d/.test(w);
  const special = /[\^_+*.{}]/.test(w);
  // compound adjectives built on an acronym: "LLM-based", "GRPO-style", "SFT-then-RL"
  if (parts.length > 1 && /^[a-z]{3,}$/.test(last) && /^[A-Z0-9]+s?$/.test(parts[0])) return 0;
  if (parts.some((p) => /^(then|to|and|or|vs|versus)$/.test(p)) && parts.filter((p) => /^[A-Z0-9]+$/.test(p)).length === parts.length - 1) return 0;
  if (!hasUpper) return 0;
  if (!hasLower || isAcronymPlural(w)) {
    const letters = w.replace(/[^A-Za-z]/g, '').length;
    if (letters < 2 && !hasDigit) return 0;
    return hasDigit || special ? 3 : 2;
  }
  if (!hasDigit && !special && parts.every((p) => /^[A-Z]?[a-z]+$/.test(p))) return 1;
  return 3;
});

/** A common acronym, term or placeholder: never an introduced name. */
const isKnown = memo((word: string): boolean => {
  const w = singular(baseName(word));
  const l = w.toLowerCase();
  return KNOWN.has(l) || KNOWN.has(word.toLowerCase()) || PLACEHOLDERS.has(w);
});

/** A name from a well-known family ("Qwen3-8B") or made only of common acronyms ("LLM-RL"): a name only when plainly introduced. */
const isFamiliar = memo((word: string): boolean => {
  const w = singular(baseName(word));
  if (KNOWN_FAMILY.test(w)) return true;
  const parts = w.toLowerCase().split('-');
  return parts.length > 1 && parts.every((p) => KNOWN.has(p) || KNOWN.has(p.replace(/s$/, '')));
});

/** Name-like for the purpose of an introduction: a coined shape or an all-caps acronym, not a known one. */
const nameLike = (core: string): boolean => shapeOf(core) >= 2 && !isKnown(core);

interface WordInfo {
  lower: string;
  base: string;
  shape: number;
  known: boolean;
  familiar: boolean;
}
const wordInfo = memo((core: string): WordInfo => ({ lower: core.toLowerCase(), base: baseName(core), shape: shapeOf(core), known: isKnown(core), familiar: isFamiliar(core) }));
const capitalized = (core: string): boolean => /^[A-Z]/.test(core) || shapeOf(core) >= 2;

// ---------------------------------------------------------------------------------------------
// Acronym expansions
// ---------------------------------------------------------------------------------------------

/** True when the letters of `acronym` can be read, in order, out of `words`, the first one starting the first word. */
function acronymFits(acronym: string, words: string[]): boolean {
  const letters = acronym.split('-')[0].toLowerCase().replace(/[^a-z0-9]/g, '');
  const exp = words.join(' ').toLowerCase();
  if (letters.length < 2 || exp.length === 0 || exp[0] !== letters[0]) return false;
  let ei = exp.length - 1;
  for (let li = letters.length - 1; li >= 0; li--) {
    const c = letters[li];
    while (ei >= 0 && (exp[ei] !== c || (li === 0 && ei > 0 && /[a-z0-9]/.test(exp[ei - 1])))) ei--;
    if (ei < 0) return false;
    ei--;
  }
  return true;
}

interface Paren {
  /** Index of the first and last token inside the parentheses. */
  from: number;
  to: number;
}

/** The parenthesized group starting at token i (which carries the "("), if any and short. */
function parenAt(toks: Tok[], i: number): Paren | null {
  if (i >= toks.length || !toks[i].pre.includes('(')) return null;
  for (let j = i; j < Math.min(toks.length, i + 14); j++) {
    if (toks[j].sent !== toks[i].sent && j > i) return null;
    if (toks[j].post.includes(')')) return { from: i, to: j };
    if (j > i && toks[j].pre.includes('(')) return null;
  }
  return null;
}

const words = (toks: Tok[], from: number, to: number): string[] => toks.slice(from, to + 1).map((t) => t.core);
const citationLike = (ws: string[]): boolean => ws.some((w) => /^(et|al|e\.g|i\.e|see|cf|ours|resp|respectively)$/i.test(w) || /^(19|20)\d\d[a-z]?$/.test(w));

// ---------------------------------------------------------------------------------------------
// Candidates
// ---------------------------------------------------------------------------------------------

interface Candidate {
  name: string;
  /** Index of the first token of the occurrence where the name was introduced (or first seen). */
  at: number;
  intro: number;
  expansion: string[] | null;
  /** Noun phrase said of the name at its introduction ("fully automated framework ..."). */
  appositive: Tok[] | null;
  /** Noun phrase between the verb and the name ("we propose a novel RL algorithm, X"). */
  preNoun: Tok[] | null;
  /** Class noun of the introduction (benchmark, framework ...). */
  kind: string | null;
  /** A short form given in parentheses: "Decision ConvFormer (DC)". */
  alias?: string;
}

interface Doc {
  text: string;
  toks: Tok[];
  /** Token positions by base name (and singular base name for acronym plurals). */
  index: Map<string, number[]>;
  /** The abstract's first words, normalized (lower case, no punctuation). */
  opening: string;
  lowerWords: Set<string>;
  properNouns: Set<string>;
}

function makeDoc(raw: string): Doc {
  let text = raw;
  text = text
    .replace(/\s+/g, ' ')
    // "meta-RL(MetaDiffuser)" -> "meta-RL (MetaDiffuser)"
    .replace(/([A-Za-z0-9])\((?=[A-Z][A-Za-z0-9^_+\-.]*\))/g, '$1 (')
    // dashes used as punctuation: "pipelines---data", "X -- a new class"
    .replace(/\s*(?:---?|—|–)\s*/g, ' — ')
    // "reinforcement learning (RL)-based technique" -> "reinforcement learning-based (RL) technique"
    .replace(/ \(([^()\s]{1,12})\)-([a-z]+)/g, '-$2 ($1)')
    // "SynthRL-a scalable pipeline": a dash lost before an article
    .replace(/([A-Za-z0-9])-(a|an|the) (?=[a-z])/g, '$1 — $2 ')
    .trim();
  const toks = tokenize(text);
  const lowerWords = new Set<string>();
  for (const t of toks) {
    if (!/^[a-z]/.test(t.core)) continue;
    lowerWords.add(t.lower);
    if (t.lower.includes('-')) for (const p of t.lower.split('-')) lowerWords.add(p);
  }
  // proper nouns: a capitalized word mid-sentence, never written in lower case, standing alone ("Markov decision
  // process") or in a capitalized run that recurs and is not an expansion ("Rocket League")
  const properNouns = new Set<string>();
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.sentStart || t.shape !== 1) continue;
    const parts = t.core.split('-').filter((p) => /^[A-Z][a-z]+$/.test(p) && !lowerWords.has(p.toLowerCase()));
    if (parts.length === 0 || lowerWords.has(t.lower)) continue;
    const capPrev = i > 0 && toks[i - 1].sent === t.sent && !breaksAfter(toks[i - 1]) && /^[A-Z]/.test(toks[i - 1].core) && !toks[i - 1].sentStart;
    const capNext = i + 1 < toks.length && toks[i + 1].sent === t.sent && !breaksAfter(t) && /^[A-Z]/.test(toks[i + 1].core);
    const proper = !capPrev && !capNext && !(i + 1 < toks.length && toks[i + 1].pre.includes('(') && !breaksAfter(t)) && !aliasAfter(toks, runEnd(toks, i, RUN_CONNECTORS_WIDE));
    if (proper) for (const p of parts) properNouns.add(p.toLowerCase());
  }
  const index = new Map<string, number[]>();
  const put = (k: string, i: number): void => {
    const a = index.get(k);
    if (a === undefined) index.set(k, [i]);
    else if (a[a.length - 1] !== i) a.push(i);
  };
  toks.forEach((t, i) => {
    put(t.base, i);
    if (t.shape === 2 && /s$/.test(t.base)) put(singular(t.base), i);
  });
  return { text, toks, index, lowerWords, properNouns, opening: normWords(text.slice(0, 240)) };
}

/** The "we"/"this paper" subject of an intro verb at index v (with adverbs in between), or null. */
function introSubject(toks: Tok[], v: number): { secondary: boolean; prior: boolean } | null {
  let secondary = false;
  let prior = false;
  for (let k = v - 1; k >= Math.max(0, v - 6); k--) {
    const t = toks[k];
    if (t.sent !== toks[v].sent) return null;
    const l = t.lower;
    if (l === 'we' || l === 'i') return { secondary, prior };
    if (SUBJECT_NOUNS.has(l) && k > 0 && /^(this|our|the|present)$/.test(toks[k - 1].lower)) return { secondary, prior };
    // "we address this by scaling X and introduce NAME"
    if (l === 'and') {
      for (let j = k - 1; j >= 0 && toks[j].sent === t.sent; j--) if (toks[j].lower === 'we') return { secondary, prior };
      return null;
    }
    if (SECONDARY_ADVERBS.has(l)) secondary = true;
    else if (PRIOR_ADVERBS.has(l)) prior = true;
    else if (!(/ly$/.test(l) || /^(have|has|here|now|thus|therefore|hence|first|instead|also|to|this|end|accordingly)$/.test(l))) return null;
    if (breaksAfter(t) && !/^(here|thus|therefore|hence|instead|accordingly|end)$/.test(l)) return null;
  }
  return null;
}

const RUN_CONNECTORS = /^(o|of|for|via|with|and|from|in|on|to|the)$/;
const RUN_CONNECTORS_WIDE = /^(o|of|for|via|with|and|from|in|on|to|the|as|at|by|under|without|through|over|into|a|an)$/;

/** Reads a capitalized run (a multi-word name or an expansion) starting at i. Returns its last index. */
function runEnd(toks: Tok[], i: number, connectors: RegExp = RUN_CONNECTORS): number {
  let j = i;
  while (j + 1 < toks.length && toks[j + 1].sent === toks[i].sent && !breaksAfter(toks[j]) && !toks[j + 1].pre.includes('(')) {
    const next = toks[j + 1];
    if (capitalized(next.core) && !isStopCapital(next.core) && (shapeOf(next.core) >= 1 || /^[A-Z]-[a-z]/.test(next.core))) {
      j++;
      continue;
    }
    // lowercase connectors inside names: "Box o Flows", "Reinforcement Learning via Self-Play", "Framework with a Hierarchical Structure"
    if (connectors.test(next.lower) && j + 2 < toks.length && !breaksAfter(next) && /^[A-Z]/.test(toks[j + 2].core) && !isStopCapital(toks[j + 2].core) && toks[j + 2].sent === toks[i].sent) {
      j += 2;
      continue;
    }
    if (connectors === RUN_CONNECTORS_WIDE && connectors.test(next.lower) && j + 3 < toks.length && /^(a|an|the)$/.test(toks[j + 2].lower) && !breaksAfter(next) && /^[A-Z]/.test(toks[j + 3].core) && !isStopCapital(toks[j + 3].core) && toks[j + 3].sent === toks[i].sent) {
      j += 3;
      continue;
    }
    // version numbers: "MobileVLA-R1 2.0"
    if (/^v?\d+(\.\d+)+$/.test(next.core) && nameLike(toks[j].core)) {
      j++;
      continue;
    }
    break;
  }
  return j;
}

/** Capitalized words that are sentence glue rather than name parts. */
const isStopCapital = (core: string): boolean => /^(We|Our|The|This|These|That|In|On|For|To|A|An|It|Its|By|With|And|Or|However|Specifically|Moreover|Furthermore|Finally|First|Second|Third|Then|Based|Using|Unlike|Despite|Experiments|Results|Extensive|Empirically|Theoretically|Notably|Overall|Together|Code)$/.test(core);

/** Nouns that end in -ing (the rest of the -ing words are participles). */
const ING_NOUNS = set(
  'learning reasoning training planning sampling fine-tuning finetuning tuning modeling modelling processing understanding ' +
    'matching editing routing scheduling shaping programming computing engineering mining clustering ranking coding decoding ' +
    'encoding testing thinking prompting grounding scaling labeling labelling indexing caching batching masking pruning filtering ' +
    'rendering tracking forecasting networking building setting driving manufacturing counting writing hashing smoothing clipping ' +
    'bootstrapping pretraining pre-training post-training posttraining handling reading parsing searching steering offloading ' +
    'sequencing docking folding binding signaling signalling imaging sensing mapping meaning warping recycling spacing pooling ' +
    'padding landing opening beginning morning evening thing something nothing anything everything string spring king ring wing',
);
const ADVERBS = set('often also still even already usually always never just well much far rather quite thus hence further therefore however instead again almost nearly merely solely simply');
const isParticiple = (w: string): boolean => /^[a-z]+ing$/.test(w) && !ING_NOUNS.has(w) && w.length > 5;
const isAdverb = (t: Tok): boolean =>
  t.core === t.lower && (ADVERBS.has(t.lower) || (/ly$/.test(t.lower) && !NOUN_EXCEPTIONS.has(t.lower) && !/^(family|assembly|anomaly|supply|reply|poly|only|monopoly)$/.test(t.lower)));

/** Tokens of the noun phrase starting at i: stops at clause words and punctuation; short "(...)" groups are kept inside. */
function phraseFrom(toks: Tok[], i: number, max = 16): Tok[] {
  const out: Tok[] = [];
  for (let j = i; j < toks.length && out.length < max; j++) {
    const t = toks[j];
    if (j > i && t.sent !== toks[i].sent) break;
    // leaked LaTeX and formulas end a phrase
    if (/[{}\\=^]|^(mathcal|mathbf|left|right|frac|sqrt|log|exp|min|max|arg)\b/.test(t.core) || (t.core.length === 1 && /[A-Za-z]/.test(t.core) && t.core !== 'a')) break;
    if (t.pre.includes('(')) {
      // "reinforcement learning (RL) fine-tuning": keep the group, go on after it
      const p = parenAt(toks, j);
      if (!p || j === i || p.to - p.from > 3) break;
      for (let k = p.from; k <= p.to; k++) out.push(toks[k]);
      j = p.to;
      if (/[,;:.!?]/.test(toks[p.to].post.replace(/^[^)]*\)/, ''))) break;
      continue;
    }
    if (t.lower === 'to' && out.length > 0) {
      const n = toks[j + 1];
      const n2 = toks[j + 2];
      const adjNoun = n && ADJ.has(n.lower) && n2 && n2.sent === t.sent && (n2.shape >= 2 || /[A-Z]/.test(n2.core));
      if (!n || n.sent !== t.sent || !((/^[A-Z]/.test(n.core) && !isStopCapital(n.core)) || n.shape >= 2 || /[A-Z]/.test(n.core) || adjNoun)) break;
      out.push(t);
      continue;
    }
    // "a statistical test based on X", "an algorithm built on MuZero"
    if (/^(based|built)$/.test(t.lower) && toks[j + 1]?.lower === 'on' && out.length > 0 && !breaksAfter(out[out.length - 1])) {
      out.push(t);
      out.push(toks[j + 1]);
      j++;
      continue;
    }
    if (PHRASE_STOP.has(t.lower) && !(out.length === 0 && /^(the|a|an|our)$/.test(t.lower))) break;
    if (VERBS.has(t.lower) && out.length > 0) break;
    if (isAdverb(t)) {
      if (out.length === 0) continue;
      // "physically plausible": an adverb before an adjective stays in the phrase (cleanPhrase drops it)
      const n = toks[j + 1];
      if (n && n.sent === t.sent && /^[a-z]/.test(n.core) && !FUNC.has(n.lower) && !VERBS.has(n.lower) && !breaksAfter(t)) {
        out.push(t);
        continue;
      }
      break;
    }
    if (/^(built|based|trained|designed|tailored|developed|derived|inspired|equipped|powered|driven|guided)$/.test(t.lower) && out.length > 0) {
      // "a hierarchical framework designed to synthesize X" -> "framework for synthesizing X"
      const n = toks[j + 1];
      const v = toks[j + 2];
      if (n?.lower === 'to' && v && /^[a-z]+$/.test(v.core) && !FUNC.has(v.lower) && !ADJ.has(v.lower) && !ANAPHORA.test(toks[j + 3]?.lower ?? '') && !(badFinal(v.core) && !VERBS.has(v.lower)) && !/ing$/.test(v.lower) && /^(designed|tailored|developed|built)$/.test(t.lower)) {
        out.push({ ...v, core: 'for', lower: 'for', post: '' });
        out.push({ ...v, core: verbIng(v.core), lower: verbIng(v.core) });
        if (breaksAfter(v)) break;
        j += 2;
        continue;
      }
      break;
    }
    out.push(t);
    if (breaksAfter(t)) {
      // "an agentic, vision-grounded framework": a comma between adjectives does not end the phrase
      const n = toks[j + 1];
      if (/^,$/.test(t.post) && n && n.sent === t.sent && /^[a-z]/.test(n.core) && !FUNC.has(n.lower) && !VERBS.has(n.lower) && badFinal(t.core) && !isParticiple(t.lower)) continue;
      // "spanning mobile, computer-use, web, and ..." : a list cut at its first comma; back off to before the list
      if (/^,$/.test(t.post) && n && n.sent === t.sent && !/^(which|that|where|while|and|or|but|whereas|thereby|with|as)$/.test(n.lower)) {
        let listy = false;
        for (let k = j + 1; k < Math.min(toks.length, j + 7) && toks[k].sent === t.sent; k++) {
          if (/^(and|or)$/.test(toks[k].lower) && /,$/.test(toks[k - 1].post)) listy = true;
          if (/[;.]/.test(toks[k].post)) break;
        }
        if (listy) {
          let cut = out.length - 1;
          while (cut > 0 && !isCut(out[cut].lower)) cut--;
          if (cut > 0) out.length = cut;
        }
      }
      break;
    }
  }
  return out;
}

const DETERMINERS = /^(a|an|the|our|two|three|four|its|this|these|one)$/;
const BLOCK_PREV = set(
  'on using trained train trains from over than against vs versus including such like e.g of in to beyond upon via ' +
    'outperforming surpassing outperforms surpasses fine-tune fine-tunes fine-tuned finetune finetunes finetuned tune tunes ' +
    'evaluate evaluates evaluated use uses used adopt adopts apply applies employ employs compare compares extend extends follow follows',
);

/** "NAME (ALIAS)" / "Expansion (ACR)": the single token inside the parentheses after token `end`, if any. */
function aliasAfter(toks: Tok[], end: number): Paren | null {
  const p = parenAt(toks, end + 1);
  if (!p) return null;
  // "(U2O RL)": a coined token followed by a common acronym
  if (p.to === p.from + 1 && !(toks[p.from].shape >= 2 && !toks[p.from].known && /^[A-Z]+$/.test(toks[p.to].core))) return null;
  if (p.to > p.from + 1) return null;
  const w = toks[p.from].core;
  if (citationLike([w]) || /^\d/.test(w)) return null;
  return p;
}

const aliasText = (toks: Tok[], p: Paren): string => words(toks, p.from, p.to).join(' ');

function findCandidates(doc: Doc): Map<string, Candidate> {
  const { toks } = doc;
  const cands = new Map<string, Candidate>();
  const add = (name: string, at: number, intro: number, extra: Partial<Candidate> = {}): void => {
    name = name.trim();
    if (!name || PLACEHOLDERS.has(name)) return;
    const prev = cands.get(name);
    if (prev && prev.intro >= intro) {
      if (!prev.expansion && extra.expansion) prev.expansion = extra.expansion;
      if (!prev.appositive && extra.appositive) prev.appositive = extra.appositive;
      if (!prev.preNoun && extra.preNoun) prev.preNoun = extra.preNoun;
      return;
    }
    cands.set(name, {
      name,
      at,
      intro,
      expansion: extra.expansion ?? prev?.expansion ?? null,
      appositive: extra.appositive ?? prev?.appositive ?? null,
      preNoun: extra.preNoun ?? prev?.preNoun ?? null,
      kind: extra.kind ?? prev?.kind ?? null,
      alias: extra.alias ?? prev?.alias,
    });
  };

  /**
   * Reads the name starting at token i (a single token, a capitalized run, a quoted span, with "(ACR)",
   * "(expansion)" or ": expansion" after it) and registers it. `direct` says nothing but the verb or a
   * naming word comes before it.
   */
  const readName = (i: number, intro: number, preNoun: Tok[] | null, direct: boolean, allowLower: boolean): boolean => {
    const t = toks[i];
    if (/["“]/.test(t.pre)) {
      let j = i;
      while (j < toks.length - 1 && j - i < 6 && !/["”]/.test(toks[j].post)) j++;
      if (/["”]/.test(toks[j].post) && j - i < 6 && capitalized(t.core)) {
        const app = appositiveAfter(toks, j);
        add(words(toks, i, j).join(' '), i, intro, { preNoun, appositive: app, kind: kindOf(app) });
        return true;
      }
    }
    let end = i;
    if (capitalized(t.core)) {
      end = runEnd(toks, i);
      if (!aliasAfter(toks, end)) {
        const wide = runEnd(toks, i, RUN_CONNECTORS_WIDE);
        if (wide > end && aliasAfter(toks, wide)) end = wide;
      }
    }
    // "RL's Razor": a possessive common acronym starting a name
    if (end === i && t.possessive && i + 1 < toks.length && /^[A-Z]/.test(toks[i + 1].core)) end = runEnd(toks, i + 1);
    const run = toks.slice(i, end + 1);
    const runText = run.map((x, k) => (x.possessive && k < run.length - 1 ? `${x.core}'s` : x.core)).join(' ');
    const alias = aliasAfter(toks, end);
    const paren = parenAt(toks, end + 1);
    const inside = paren ? words(toks, paren.from, paren.to) : [];
    const app = appositiveAfter(toks, paren ? paren.to : end);
    const kind = kindOf(app);
    const single = run.length === 1;
    const coined = run.some((x) => shapeOf(x.core) >= 2 && !isKnown(x.core));
    // "Expansion (ACR)" or "Coined (ALIAS)"
    if (alias) {
      const a = aliasText(toks, alias);
      const aShape = shapeOf(a);
      const fits = acronymFits(a, run.map((x) => x.core));
      // "a discretized Least-Squares Value Iteration (LSVI) algorithm": an acronym used as a modifier names a
      // variant of something known, unless the paper keeps using it as its name
      const afterAlias = toks[alias.to + 1];
      const asModifier = !!afterAlias && afterAlias.sent === t.sent && !/[,;:.!?—]/.test(toks[alias.to].post.replace(/^\)/, '')) && /^[a-z]/.test(afterAlias.core) && !FUNC.has(afterAlias.lower) && !PHRASE_STOP.has(afterAlias.lower);
      const tooFew = asModifier && occurrences(doc, baseName(a)).length < 3 && !direct;
      if (!tooFew && !isKnown(a) && (aShape >= 2 || (aShape === 1 && fits) || (aShape === 0 && fits && /^[a-z]/.test(a)))) {
        const alnum = baseName(a).replace(/[^A-Za-z0-9]/g, '').length;
        const compoundName = single && shapeOf(t.core) === 1 && t.core.split('-').filter((x) => /^[A-Z]/.test(x)).length >= 2 && t.core.split('-').length >= 3;
        const compoundWins = compoundName && occurrences(doc, baseName(t.core)).length >= occurrences(doc, baseName(a)).length;
        // "MCP-Universe RL (MCP-U RL)": the short form abbreviates a coined name
        const runCoined = !single && t.shape === 3 && !t.known && a.length >= 3 && t.core.startsWith(a.slice(0, 3));
        if ((single && (shapeOf(t.core) === 3 || compoundWins) && !isKnown(t.core)) || runCoined) add(single ? baseName(t.core) : runText, i, intro, { appositive: app, preNoun, kind, alias: baseName(a) });
        else if (alnum <= 2 && !single) add(runText, i, intro, { appositive: app, preNoun, kind, alias: baseName(a) });
        else if (run.every((x) => x.known)) add(baseName(a), alias.from, intro, { appositive: app, preNoun: [...(preNoun ?? []), ...run], kind });
        else if (capitalized(t.core) || fits) add(baseName(a), alias.from, intro, { expansion: run.length > 1 || fits ? run.map((x) => x.core) : null, appositive: app, preNoun, kind });
        else return false;
        return true;
      }
    }
    if (single && !capitalized(t.core)) {
      // lowercase coined names: "floq (flow-matching Q-functions)", "polar, a rollout framework"
      if (!allowLower || !direct) return false;
      if (paren && acronymFits(t.core, inside)) {
        add(t.core, i, intro, { expansion: inside, appositive: app, preNoun, kind });
        return true;
      }
      if (app && kind && /,/.test(t.post) && !/s$/.test(t.core)) {
        add(t.core, i, intro - 2, { appositive: app, preNoun, kind });
        return true;
      }
      return false;
    }
    if (run.every((x) => isKnown(x.core) || shapeOf(x.core) === 0)) return false;
    if (run.every((x) => isKnown(x.core) || isFamiliar(x.core) || shapeOf(x.core) === 0) && !(direct && intro >= 8)) return false;
    // "NAME (Expanded Acronym)" or "NAME: Expanded Acronym"
    let expansion: string[] | null = null;
    if (paren && !citationLike(inside) && inside.length >= 2 && inside.join('').replace(/[^A-Za-z]/g, '').length > runText.replace(/[^A-Za-z]/g, '').length + 2) {
      const caps = inside.filter((w) => /^[A-Z]/.test(w)).length;
      if (acronymFits(run[run.length - 1].core, inside) || caps >= Math.ceil(inside.length / 2)) expansion = inside;
    }
    if (!expansion && /:/.test(toks[end].post)) {
      const exp = phraseFrom(toks, end + 1, 10).map((x) => x.core);
      if (exp.length >= 2 && acronymFits(run[run.length - 1].core, exp)) expansion = exp;
    }
    const name = single ? baseName(t.core) : runText;
    // evidence that the run is a name and not a capitalized modifier ("a Pseudo-simulation-based RL method")
    const next = toks[end + 1];
    const modifier = next && next.sent === t.sent && !breaksAfter(toks[end]) && /^[a-z]/.test(next.core) && !FUNC.has(next.lower) && !VERBS.has(next.lower);
    const reps = occurrences(doc, name).length;
    let ok = direct || !!expansion || !!(app && kind);
    if (!ok && coined) ok = !(modifier && run.every((x) => shapeOf(x.core) <= 2)) || reps >= 2;
    if (!ok && !single && reps >= 2 && !modifier) ok = true;
    if (!ok) return false;
    if (single && shapeOf(t.core) === 1 && !expansion && !(app && kind) && !(direct && (/[,:;.(—–-]/.test(t.post) || reps >= 2))) return false;
    add(name, i, intro, { expansion, appositive: expansion && !app ? null : app, preNoun, kind });
    return true;
  };

  /** After an intro verb's noun phrase: "(ACR)" or ", NAME." later in the same sentence. */
  const lookahead = (from: number, sentIdx: number, intro: number): void => {
    for (let k = from; k < toks.length && toks[k].sent === sentIdx && k < from + 25; k++) {
      const t = toks[k];
      const p = t.pre.includes('(') ? aliasAfter(toks, k - 1) : null;
      if (p && p.from === k) {
        const a = aliasText(toks, p);
        // expansion: the shortest run of preceding words whose letters spell the acronym
        let exp: string[] | null = null;
        for (let n = 1; n <= 10 && k - n >= from - 1 && k - n >= 0; n++) {
          const ws = words(toks, k - n, k - 1);
          if (toks[k - n].sent !== sentIdx) break;
          if (acronymFits(a, ws)) {
            exp = ws;
            break;
          }
        }
        // "... for the Stochastic Shortest Path (SSP) problem": an acronym used as a modifier is not the object
        const after = toks[p.to + 1];
        const modifier = after && after.sent === sentIdx && !/[,;:.!?]/.test(toks[p.to].post.replace(/^\)/, '')) && /^[a-z]/.test(after.core) && !FUNC.has(after.lower) && !PHRASE_STOP.has(after.lower);
        if (!modifier && !isKnown(a) && (shapeOf(a) >= 2 || (exp && exp.length >= 2 && /^[A-Z]/.test(a)))) {
          // the noun phrase the name stands for: from the verb's object up to the parenthesis
          let s0 = from;
          while (s0 < k && (DETERMINERS.test(toks[s0].lower) || FUNC.has(toks[s0].lower))) s0++;
          const preNoun = exp && exp.length >= 2 ? null : toks.slice(s0, k);
          add(baseName(a), k, intro - 1, { expansion: exp && exp.length >= 2 ? exp : null, preNoun: preNoun && preNoun.length > 0 ? preNoun : null, appositive: appositiveAfter(toks, p.to), kind: kindOf(appositiveAfter(toks, p.to)) });
          return;
        }
      }
      const prev = toks[k - 1];
      if (prev && /,/.test(prev.post) && nameLike(t.core) && !isFamiliar(t.core)) {
        const after = toks[k + 1];
        if (/[.;]/.test(t.post) || !after || after.sent !== sentIdx || (/,/.test(t.post) && /^(a|an|which|that)$/.test(after.lower))) {
          let s0 = from;
          while (s0 < k && (DETERMINERS.test(toks[s0].lower) || FUNC.has(toks[s0].lower))) s0++;
          add(baseName(t.core), k, intro - 2, { preNoun: k - 1 > s0 ? toks.slice(s0, k) : null });
          return;
        }
      }
    }
  };

  for (let v = 0; v < toks.length; v++) {
    const l = toks[v].lower;
    // "we propose/introduce/present ... NAME", "this paper introduces NAME", "models we refer to as NAME"
    if (INTRO_VERBS.has(l) || (l === 'refer' && toks[v + 1]?.lower === 'to')) {
      const subj = introSubject(toks, v);
      const refer = l === 'refer';
      if ((!subj && !refer) || subj?.prior) continue;
      let strength = subj?.secondary ? 8 : 10;
      if (/^propose/.test(l)) strength += 0.5;
      let k = v + 1 + (refer ? 2 : 0);
      const pre: Tok[] = [];
      let sawDeterminer = false;
      let found = false;
      // "we term this principle X", "we call the resulting algorithm X": the name follows the named noun phrase
      let afterNaming = refer;
      const namingVerb = /^(call|calls|name|term|dub|coin)$/.test(l);
      for (let steps = 0; k < toks.length && steps < 16 && toks[k].sent === toks[v].sent; steps++, k++) {
        const t = toks[k];
        if (NAMING_WORDS.has(t.lower) || (t.lower === 'as' && (pre.length > 0 || refer))) {
          afterNaming = true;
          continue;
        }
        if (/^(which|we)$/.test(t.lower) && /^(we|call|name|term|refer)$/.test(toks[k + 1]?.lower ?? '')) {
          k += toks[k + 1]?.lower === 'we' ? 2 : 1;
          if (toks[k]?.lower === 'refer') k += 2;
          afterNaming = true;
          continue;
        }
        const direct = (!sawDeterminer && pre.length === 0) || afterNaming || namingVerb || /[,:]/.test(toks[k - 1]?.post ?? '');
        if (t.pre.includes('(')) {
          // an alias in parentheses belongs to the words before it (read by readName or the lookahead)
          const p = parenAt(toks, k);
          if (!p) break;
          k = p.to;
          continue;
        }
        const startsName = (capitalized(t.core) && !isStopCapital(t.core) && shapeOf(t.core) >= 1) || /["“]/.test(t.pre) || (t.possessive && /^[A-Z]/.test(toks[k + 1]?.core ?? ''));
        if (startsName) {
          if (readName(k, strength, pre.length ? pre.slice() : null, direct, false)) {
            found = true;
            break;
          }
          pre.push(t);
          if (breaksAfter(t) && !/[,:]/.test(t.post)) break;
          continue;
        }
        if (!capitalized(t.core) && direct && !FUNC.has(t.lower) && !DETERMINERS.test(t.lower) && readName(k, strength, null, true, true)) {
          found = true;
          break;
        }
        if (DETERMINERS.test(t.lower)) {
          sawDeterminer = true;
          continue;
        }
        // "we developed and validated NAME"
        if (t.lower === 'and' && pre.length === 0 && !sawDeterminer && /^[a-z]+ed$/.test(toks[k + 1]?.core ?? '')) {
          k++;
          continue;
        }
        // "a critic-free and efficient RL algorithm named X"
        if (/^(and|or)$/.test(t.lower) && pre.length > 0 && /^[a-z]/.test(toks[k + 1]?.core ?? '') && !FUNC.has(toks[k + 1].lower)) {
          pre.push(t);
          continue;
        }
        if (FUNC.has(t.lower) || PHRASE_STOP.has(t.lower) || VERBS.has(t.lower)) break;
        pre.push(t);
        if (/[;.!?)]/.test(t.post)) break;
      }
      if (!found) lookahead(v + 1, toks[v].sent, strength - 1);
    }
    // "called NAME", "named NAME", "dubbed NAME"
    const whichWeCall = /^(call|name|term)$/.test(l) && toks[v - 1]?.lower === 'we' && /^(which|that)$/.test(toks[v - 2]?.lower ?? '');
    if (((NAMING_WORDS.has(l) && l !== 'namely' && toks[v - 1]?.lower !== 'so') || whichWeCall) && v + 1 < toks.length && toks[v + 1].sent === toks[v].sent) {
      let k = v + 1;
      if (/^(the|a|an|it|this|as)$/.test(toks[k].lower)) k++;
      if (k >= toks.length || toks[k].sent !== toks[v].sent) continue;
      // the noun phrase being named: "a critic-free RL algorithm named X", "an algorithm built on Y, which we name X"
      let d = (whichWeCall ? v - 2 : v) - 1;
      while (d >= 0 && toks[d].sent === toks[v].sent && !DETERMINERS.test(toks[d].lower) && v - d < 14) d--;
      // "we propose an improved version of X for Y ..., which we call NAME": the object of the intro verb
      for (let iv = v - 1; whichWeCall && iv >= 0 && toks[iv].sent === toks[v].sent; iv--) {
        if (INTRO_VERBS.has(toks[iv].lower) && introSubject(toks, iv) && DETERMINERS.test(toks[iv + 1]?.lower ?? '')) {
          d = iv + 1;
          break;
        }
      }
      const preNoun = d >= 0 && toks[d].sent === toks[v].sent && DETERMINERS.test(toks[d].lower) ? phraseFrom(toks, d + 1, 10) : [];
      const pn = preNoun.length > 0 ? preNoun : null;
      if (capitalized(toks[k].core) || /["“]/.test(toks[k].pre)) readName(k, 9, pn, true, false) || lookahead(k, toks[v].sent, 9);
      else if (!FUNC.has(toks[k].lower)) readName(k, 7, pn, true, true) || lookahead(k, toks[v].sent, 9);
    }
    // "our framework, NAME (...)", "our algorithm, NAME,"; "a new algorithm, NAME"
    const ourLike = l === 'our' || ((l === 'a' || l === 'an') && /^(new|novel)$/.test(toks[v + 1]?.lower ?? ''));
    if (ourLike) {
      let k = v + 1;
      const pre: Tok[] = [];
      while (k < toks.length && k < v + 7 && toks[k].sent === toks[v].sent && /^[a-z]/.test(toks[k].core) && !FUNC.has(toks[k].lower) && !VERBS.has(toks[k].lower)) {
        pre.push(toks[k]);
        if (/[,:]/.test(toks[k].post)) break;
        k++;
      }
      const last = pre[pre.length - 1];
      const classy = pre.some((t) => CLASS_NOUNS.has(t.lower) || CLASS_NOUNS.has(t.lower.replace(/s$/, '')));
      if (last && /[,:]/.test(last.post) && classy && k + 1 < toks.length && toks[k + 1].sent === toks[v].sent) {
        const n = toks[k + 1];
        if (capitalized(n.core) && !isStopCapital(n.core) && shapeOf(n.core) >= 1) readName(k + 1, l === 'our' ? 8 : 7, pre, true, false);
      }
      // "a novel decoupled first-order gradient (FoG) method"
      if (l !== 'our') lookaheadParenOnly(k, toks[v].sent, 7);
    }
  }

  /** "(ACR)" closing the noun phrase that starts before `from`, spelled by the words before it. */
  function lookaheadParenOnly(from: number, sentIdx: number, intro: number): void {
    for (let k = from; k < toks.length && toks[k].sent === sentIdx && k < from + 10; k++) {
      const t = toks[k];
      if (t.pre.includes('(')) {
        const p = aliasAfter(toks, k - 1);
        if (p && p.from === k && shapeOf(t.core) >= 2 && !isKnown(t.core)) {
          for (let n = 2; n <= 8 && k - n >= 0; n++) {
            const ws = words(toks, k - n, k - 1);
            if (acronymFits(t.core, ws)) {
              add(baseName(t.core), k, intro, { expansion: ws });
              return;
            }
          }
        }
        return;
      }
      if (FUNC.has(t.lower) || breaksAfter(t)) return;
    }
  }

  // "NAME, a/an ... framework" and "NAME is a/an ... framework" anywhere; "our NAME", "NAME (ours)"
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    const shape = t.shape;
    if (t.known || t.familiar || (shape < 2 && !(shape === 0 && /,/.test(t.post) && /^[a-z][a-z0-9]+$/.test(t.core)))) continue;
    const name = t.base;
    const prevTok = toks[i - 1];
    const blocked = !!prevTok && prevTok.sent === t.sent && (BLOCK_PREV.has(prevTok.lower) || /e\.g/.test(prevTok.core));
    const app = appositiveAfter(toks, i);
    const kind = kindOf(app);
    if (app && kind && /,/.test(t.post) && !existingMarked(app) && !blocked) {
      if (shape >= 2) add(name, i, 6, { appositive: app, kind });
      else if (countWord(toks, t.lower, true) >= 3 && !GENERIC_HEADS.has(t.lower) && !CLASS_NOUNS.has(t.lower) && !/s$/.test(t.lower)) add(name, i, 5, { appositive: app, kind });
    }
    if (shape >= 2 && t.sentStart && /^(is|are)$/.test(toks[i + 1]?.lower ?? '') && /^(a|an|the)$/.test(toks[i + 2]?.lower ?? '')) {
      const app2 = phraseFrom(toks, i + 3);
      const kind2 = kindOf(app2);
      if (kind2 && !existingMarked(app2) && firstIndex(toks, name) === i) add(name, i, 6, { appositive: app2, kind: kind2 });
    }
    const p1 = prevTok?.lower ?? '';
    const p2 = toks[i - 2]?.lower ?? '';
    const nextTok = toks[i + 1];
    if (shape >= 2 && (p1 === 'our' || (p1 === 'proposed' && /^(the|our)$/.test(p2)))) {
      const verbAfter = nextTok && /^[a-z]+s$/.test(nextTok.core) && nextTok.sent === t.sent;
      add(name, i, /,/.test(t.post) || verbAfter ? 6 : 4);
    }
    if (shape >= 2 && /^ours$/i.test(nextTok?.core ?? '') && nextTok.pre.includes('(')) add(name, i, 6);
  }
  return cands;
}

/** Noun phrase after "NAME," / "NAME (..)," : "a fully automated framework that ..." */
function appositiveAfter(toks: Tok[], i: number): Tok[] | null {
  if (i + 1 >= toks.length || !/[,:—]/.test(toks[i].post) || toks[i + 1].sent !== toks[i].sent) return null;
  const d = toks[i + 1].lower;
  if (!/^(a|an|the|one)$/.test(d)) return null;
  const ph = phraseFrom(toks, i + 2);
  if (ph.length === 0) return null;
  // "..., the approach outperforms": a new clause, not an appositive
  const after = toks[i + 2 + ph.length];
  if (d === 'the' && after && after.sent === toks[i].sent && !breaksAfter(ph[ph.length - 1]) && (VERBS.has(after.lower) || /^[a-z]+s$/.test(after.core) && !/(ss|us|is)$/.test(after.core))) return null;
  // "OpenVLA, a 7B generalist robot policy": an existing model described by its size
  if (ph.some((t) => /^\d+(\.\d+)?[BMK]$/.test(t.core))) return null;
  return ph;
}

function kindOf(ph: Tok[] | null): string | null {
  if (!ph) return null;
  for (const t of ph) {
    const l = singular(t.lower).replace(/s$/, '');
    if (CLASS_NOUNS.has(t.lower) || CLASS_NOUNS.has(l)) return l;
    const parts = t.lower.split('-');
    if (CLASS_NOUNS.has(parts[parts.length - 1])) return parts[parts.length - 1];
  }
  return null;
}

const existingMarked = (ph: Tok[]): boolean => ph.slice(0, 4).some((t) => EXISTING_MARKERS.has(t.lower));

function countWord(toks: Tok[], lower: string, caseless: boolean): number {
  let n = 0;
  for (const t of toks) if ((caseless ? t.lower : t.core) === lower) n++;
  return n;
}

function firstIndex(toks: Tok[], name: string): number {
  return toks.findIndex((t) => baseName(t.core) === name || singular(baseName(t.core)) === name);
}

/** Occurrences of a name in the text (whole words, case-sensitive; size suffixes allowed). */
function occurrences(doc: Doc, name: string, allowLoose = true): number[] {
  if (!name.includes(' ')) {
    const exact = doc.index.get(name) ?? [];
    if (name.length < 4 || !allowLoose) return exact;
    const lower = name.toLowerCase();
    const loose: number[] = [];
    doc.toks.forEach((t, i) => {
      if (t.lower.startsWith(lower) && t.base.toLowerCase() === lower) loose.push(i);
    });
    return loose.length > exact.length ? loose : exact;
  }
  const out: number[] = [];
  const parts = name.split(' ').map((p) => p.replace(/'s$/, ''));
  for (const i of doc.index.get(parts[0]) ?? []) {
    let ok = i + parts.length <= doc.toks.length;
    for (let j = 1; j < parts.length && ok; j++) ok = baseName(doc.toks[i + j].core) === parts[j];
    if (ok) out.push(i);
  }
  return out;
}

const NEG_BEFORE = set(
  'such e.g like including over than vs versus against outperforming surpassing compared baselines baseline from using ' +
    'upon via with on of by following beyond named-after original standard vanilla existing prior previous popular',
);

function scoreCandidate(doc: Doc, c: Candidate): number {
  const { toks } = doc;
  const occ = c.alias ? [...occurrences(doc, c.name), ...occurrences(doc, c.alias)] : occurrences(doc, c.name);
  let subj = 0;
  let neg = 0;
  for (const i of occ) {
    const t = toks[i];
    const prev = toks[i - 1];
    const next = toks[i + c.name.split(' ').length];
    if ((t.sentStart || (prev && /,/.test(prev.post) && prev.sent === t.sent)) && next && next.sent === t.sent && /^[a-z]/.test(next.core) && !FUNC.has(next.lower)) subj++;
    if (prev && prev.sent === t.sent && (NEG_BEFORE.has(prev.lower) || (prev.lower === 'e.g' || /e\.g/.test(prev.core)))) neg++;
    if (next && /^(et|baseline|baselines)$/.test(next.lower)) neg += 2;
  }
  const firstTok = toks[c.at];
  const shape = c.name.includes(' ') ? (c.name.split(' ').some((w) => nameLike(w)) ? 3 : 1) : shapeOf(c.name) || (firstTok ? shapeOf(firstTok.core) : 0);
  const shapeBonus = shape === 3 ? 1.5 : shape === 2 ? 1 : shape === 1 ? 0 : -0.5;
  let score = c.intro + Math.min(Math.max(occ.length - 1, 0), 5) + Math.min(subj, 4) * 0.5 + shapeBonus - Math.min(neg, 4) * 0.75;
  if (c.expansion) score += 1;
  // a capitalized phrase said once ("a robust Online Reinforcement Learning WebAgent") is a weak name
  if (c.name.includes(' ') && occ.length <= 1 && !c.alias && !c.appositive && !c.expansion) score -= 1;
  return score;
}

/** Repeated coined names with no introduction sentence: "VHD-Play reverses ...", "MOREC learns ...". */
function repeatedNames(doc: Doc, cands: Map<string, Candidate>): void {
  const seen = new Map<string, number>();
  doc.toks.forEach((t, i) => {
    if (t.shape < 2 || t.known) return;
    const b = singular(t.base);
    if (!seen.has(b)) seen.set(b, i);
  });
  for (const [name, at] of seen) {
    if (cands.has(name)) continue;
    const occ = occurrences(doc, name, false);
    let subj = 0;
    let neg = 0;
    for (const i of occ) {
      const t = doc.toks[i];
      const next = doc.toks[i + 1];
      const prev = doc.toks[i - 1];
      const clauseStart = t.sentStart || (prev && prev.sent === t.sent && /,/.test(prev.post));
      if (clauseStart && next && /^[a-z]/.test(next.core) && !FUNC.has(next.lower) && next.sent === t.sent) subj++;
      if (prev && prev.sent === t.sent && NEG_BEFORE.has(prev.lower)) neg++;
    }
    if (occ.length >= 3 && subj >= 2 && neg <= 1 && shapeOf(name) >= 2 && !isFamiliar(name)) cands.set(name, { name, at, intro: 1.5, expansion: null, appositive: null, preNoun: null, kind: null });
  }
}

// ---------------------------------------------------------------------------------------------
// Descriptor
// ---------------------------------------------------------------------------------------------

const ADJ_SUFFIX = /(ive|ous|ful|able|ible|ical|less|ant|ent|ic|al)$/;
const NOUN_AL_IC = /(signal|goal|trial|interval|proposal|arrival|retrieval|removal|approval|survival|terminal|material|manual|journal|animal|capital|chemical|principal|portal|tutorial|hospital|crystal|metal|total|rival|logic|topic|metric|heuristic|music|clinic|graphic|mechanic|critic|epic|traffic|republic|public|basic|magic|panic|rhetoric|arithmetic|dynamic|polic)s?$/;
const OF_NOUNS = /^(class|set|range|variety|number|kind|type|series|suite|collection|amount|couple|lot|host|plethora|family|part|sequence|pair|form|array|mix|mixture|combination)$/i;

/** True for words a phrase must not end with: function words, adverbs, adjectives, participles. */
function badFinal(w: string): boolean {
  const l = w.toLowerCase();
  if (FUNC.has(l) || CUT_BEFORE.has(l) || PHRASE_STOP.has(l) || HYPE.has(l) || ADJ.has(l) || VERBS.has(l) || ADVERBS.has(l) || NUMBERS.test(l)) return true;
  if (OF_NOUNS.test(l) && !/^(family|sequence|mixture|combination|series|suite|collection|pair)$/.test(l)) return true;
  if (/^(way|ways|manner|fashion|sense|end|order|terms|respect|regard|lens|light|means|hand|basis|face|extent|degree|fact)$/.test(l)) return true;
  if (/^(built|made|done|given|known|shown|taken|seen|written|driven|grown|chosen|hidden|drawn|held|kept|left|brought|taught|thought|found|run|begun|become|got|gotten)$/.test(l)) return true;
  if (/^(multi|single|cross|semi|non|inter|intra)-[a-z]+$/.test(l) && !/-(training|learning|play|distillation|evolution|supervision|correction|reflection|attention)$/.test(l)) return true;
  if (NOUN_EXCEPTIONS.has(l) || ING_NOUNS.has(l)) return false;
  if (/^[A-Z0-9]/.test(w) && shapeOf(w) >= 2) return false;
  if (/ly$/.test(l) && !/^(family|assembly|anomaly|supply|reply|poly|monopoly)$/.test(l)) return true;
  if (/-(based|aware|driven|guided|free|level|wise|style|like|specific|oriented|centric|conditioned|augmented|enhanced|grounded|scale|step|turn|shot|agnostic|efficient|intensive|friendly|ready|dependent|independent|invariant|consistent|preserving|informed|tuned|trained)$/.test(l)) return true;
  if (isParticiple(l)) return true;
  if (/ed$/.test(l) && !/(eed|speed|seed|bed|hundred|red)$/.test(l)) return true;
  if (ADJ_SUFFIX.test(l) && !NOUN_AL_IC.test(l) && !/(ment|ent|ant)$/.test(l)) return true;
  if (/(ent|ant)$/.test(l)) return !/(agent|ment|gradient|environment|component|student|content|element|client|patient|assistant|participant|constant|variant|event|extent|intent|descent|percent|talent|segment|document|experiment|argument|instrument|treatment|payment|investment|equipment|judgment|parent|point|plant|tenant|accent|consent|continent|current|dependent|incident|opponent|precedent|present|recipient|resident|respondent|president|coefficient|quotient|solvent|sediment|ent)$/.test(l);
  return false;
}

function badFirst(w: string): boolean {
  const l = w.toLowerCase();
  return FUNC.has(l) || CUT_BEFORE.has(l) || PHRASE_STOP.has(l) || ADVERBS.has(l) || (/ly$/.test(l) && w === l) || /^\d/.test(w);
}

const badFinalCache = new WeakMap<Tok, boolean>();
function badFinalTok(t: Tok): boolean {
  let v = badFinalCache.get(t);
  if (v === undefined) badFinalCache.set(t, (v = badFinal(t.core)));
  return v;
}
const badFirstTok = (t: Tok): boolean => badFirst(t.core);

/** Case for a word inside a descriptor: sentence case; acronyms, coined names and proper nouns kept. */
function caseWord(doc: Doc, w: string, inExpansion: boolean): string {
  const keepPart = (p: string): boolean => (/^[A-Z0-9]+s?$/.test(p) && /[A-Z]/.test(p)) || doc.properNouns.has(p.toLowerCase()) || EPONYMS.has(p.toLowerCase());
  if (inExpansion) return w.split('-').map((p) => (keepPart(p) ? p : p.toLowerCase())).join('-');
  if (shapeOf(w) >= 2) return w;
  if (/^[A-Z]/.test(w) && /^[A-Za-z]+(-[A-Za-z]+)*$/.test(w)) return w.split('-').map((p) => (keepPart(p) ? p : p.toLowerCase())).join('-');
  return w;
}

/** Turns tokens into clean descriptor words: drops brackets' contents, hype, adverbs, leading articles, "a class of". */
function cleanPhrase(doc: Doc, toks: Tok[], inExpansion = false): string[] {
  let out: string[] = [];
  let depth = 0;
  let skipOf = false;
  const commaAdj = toks.some((t) => /^,/.test(t.post) && badFinal(t.core));
  for (const t of toks) {
    const opens = count(t.pre, '(') + count(t.pre, '[');
    const closes = count(t.post, ')') + count(t.post, ']');
    depth += opens;
    if (depth > 0) {
      depth = Math.max(0, depth - closes);
      continue;
    }
    const l = t.lower;
    if (!inExpansion) {
      if (out.length === 0 && (/^(a|an|the|our|this|these|its|their|one|such)$/.test(l) || HYPE.has(l))) continue;
      if (HYPE.has(l) || /^(yet|but)$/.test(l)) continue;
      if (/^(a|an)$/.test(l) && /^(and|or)$/i.test(out[out.length - 1] ?? '')) continue;
      // "evaluating the quality of X" -> "evaluating X"
      if (/^(quality|performance|effectiveness|efficiency|capabilities|capability|ability|benefits)$/.test(l) && out[out.length - 1] === 'the' && /ing$/.test(out[out.length - 2] ?? '') && toks[toks.indexOf(t) + 1]?.lower === 'of') {
        out.pop();
        skipOf = true;
        continue;
      }
      if (skipOf && l === 'of') {
        skipOf = false;
        continue;
      }
      if (isAdverb(t) && t.core !== 'only') continue;
      if (l === 'used' && out.length > 0 && /^(widely|commonly|frequently|popularly)$/.test(toks[toks.indexOf(t) - 1]?.lower ?? '')) continue;
    }
    out.push(caseWord(doc, t.core, inExpansion));
  }
  // "for a broad class of offline RL algorithms" -> "for offline RL algorithms"
  for (let i = 0; i < out.length - 1; i++) {
    if (!/^of$/i.test(out[i + 1]) || !OF_NOUNS.test(out[i]) || /^(family|sequence|mixture|combination)$/i.test(out[i])) continue;
    let from = i;
    while (from > 0 && (ADJ.has(out[from - 1].toLowerCase()) || /^(broad|wide|diverse|whole|the|a|an|large|small|growing)$/i.test(out[from - 1]))) from--;
    out.splice(from, i + 2 - from);
    i = from - 1;
  }
  // "the simple yet applicable case of reward shaping" -> "reward shaping"
  const ofAt = out.findIndex((w) => /^of$/i.test(w));
  if (!inExpansion && ofAt > 0 && ofAt <= 3 && /^(case|problem|question|setting|notion|idea|use|role|effect|impact|effectiveness|efficacy|task|challenge|issue|concept|phenomenon|study|analysis|investigation)$/i.test(out[ofAt - 1]) && out.slice(0, ofAt - 1).every((w) => badFinal(w)) && out.length > ofAt + 1) out = out.slice(ofAt + 1);
  // "diverse, verifiable, and controllable environments" -> "environments": coordinated adjectives say little
  if (!inExpansion && commaAdj) {
    for (let i = 0; i + 2 < out.length; i++) {
      if (!/^(and|or)$/i.test(out[i + 1]) || !badFinal(out[i]) || !badFinal(out[i + 2]) || FUNC.has(out[i].toLowerCase()) || FUNC.has(out[i + 2].toLowerCase())) continue;
      let from = i;
      while (from > 0 && badFinal(out[from - 1]) && !FUNC.has(out[from - 1].toLowerCase()) && !CUT_BEFORE.has(out[from - 1].toLowerCase())) from--;
      if (i + 3 < out.length && !badFinal(out[i + 3])) {
        out.splice(from, i + 3 - from);
        break;
      }
    }
  }
  if (!inExpansion) while (out.length > 0 && /^(a|an|the)$/i.test(out[0])) out.shift();
  if (inExpansion && out.length > 1 && toks.every((t) => !/[a-z]/.test(t.core))) out = toks.map((t) => t.core.split('-').map((p) => (p.length === 1 ? p : p.toLowerCase())).join('-'));
  return compactExpansions(toks, out);
}

/** "reinforcement learning (RL) fine-tuning" reads better as "RL fine-tuning" when RL is a common acronym. */
function compactExpansions(toks: Tok[], ws: string[]): string[] {
  let out = ws;
  for (let i = 0; i < toks.length; i++) {
    const p = parenAt(toks, i);
    if (!p || p.from !== p.to) continue;
    const acrTok = toks[p.from];
    const acr = singular(acrTok.core);
    if (!KNOWN.has(acr.toLowerCase())) continue;
    const letters = acr.replace(/[^A-Za-z]/g, '').length;
    for (let k = Math.max(1, letters - 1); k <= letters + 2 && i - k >= 0; k++) {
      const exp = toks.slice(i - k, i).map((t) => t.lower);
      if (!acronymFits(acr, exp)) continue;
      const suffix = /(-[a-z]+)$/.exec(exp[exp.length - 1])?.[1] ?? '';
      const keepSuffix = /^-(based|driven|guided|enhanced|augmented|style|like|free|aware|tuned|trained|level)$/.test(suffix);
      for (let j = 0; j + exp.length <= out.length; j++) {
        if (exp.every((e, m) => out[j + m].toLowerCase() === e)) {
          out = [...out.slice(0, j), keepSuffix ? `${acrTok.core}${suffix}` : acrTok.core, ...out.slice(j + exp.length)];
          break;
        }
      }
      break;
    }
  }
  return out;
}

const isCut = (w: string): boolean => CUT_BEFORE.has(w.toLowerCase()) || isParticiple(w.toLowerCase()) || /^(that|which|where|while|whose|based|built|to)$/i.test(w);

/** A cut before word k leaves "the quality" / "the benefits" without the "of X" it needs. */
const needsOf = (w: string[], k: number): boolean => /^of$/i.test(w[k] ?? '') && k >= 2 && /^(the|a|an)$/i.test(w[k - 2]);

/** True when the phrase cannot end here: a dangling function word or adjective, or a participle without its object. */
function badEnd(ws: string[]): boolean {
  const last = ws[ws.length - 1];
  if (last === undefined) return true;
  const l = last.toLowerCase();
  if (isParticiple(l) && !VERBS.has(l)) {
    // "reward hacking", "evidence of overthinking" are nouns; "framework combining" lacks its object
    const prev = (ws[ws.length - 2] ?? '').toLowerCase();
    return !prev || GENERIC_HEADS.has(prev.replace(/s$/, '')) || (FUNC.has(prev) && !CUT_BEFORE.has(prev)) || ADJ.has(prev);
  }
  return badFinal(last);
}

/** Modifiers that can go when a phrase is too long: hype, plain adjectives, adjective compounds. */
function droppable(ws: string[], i: number): number {
  const w = ws[i];
  const l = w.toLowerCase();
  const next = ws[i + 1];
  if (!next || FUNC.has(next.toLowerCase()) || CUT_BEFORE.has(next.toLowerCase())) return 0;
  if (FUNC.has(l) || CUT_BEFORE.has(l) || isParticiple(l) || NUMBERS.test(l) || (/^[A-Z]/.test(w) && shapeOf(w) >= 2)) return 0;
  if (HYPE.has(l) || ADJ.has(l)) return 3;
  if (/-/.test(l) && badFinal(w)) return 2;
  if (badFinal(w) && !VERBS.has(l)) return 1;
  return 0;
}

/** Drops modifiers (and the "and" that joined them) until the phrase has at most `max` words; null if it cannot. */
function compress(ws: string[], max: number, keep: number): string[] | null {
  const c = ws.slice();
  while (c.length > max) {
    let at = -1;
    let rank = 0;
    for (let i = keep; i < c.length - 1; i++) {
      const r = droppable(c, i);
      if (r > rank) {
        rank = r;
        at = i;
      }
    }
    if (at < 0) return null;
    c.splice(at, 1);
    if (at < c.length && /^(and|or)$/i.test(c[at]) && (at === 0 || badFinal(c[at - 1]) || /^(and|or)$/i.test(c[at - 1] ?? ''))) c.splice(at, 1);
    else if (at > 0 && /^(and|or)$/i.test(c[at - 1])) c.splice(at - 1, 1);
  }
  return c;
}

/** Shortens a phrase to at most `max` words at a phrase boundary; never ends on a dangling word. `keep` words at the front stay whole. */
function shorten(ws: string[], max: number, keep = 0): string[] {
  const trimEnd = (a: string[]): string[] => {
    const b = a.slice();
    while (b.length > Math.max(keep, 0) && (badEnd(b) || /^(a|an|the)$/i.test(b[b.length - 1]))) b.pop();
    return b;
  };
  const w = ws.slice();
  while (keep === 0 && w.length > 0 && badFirst(w[0])) w.shift();
  if (w.length <= max) {
    const t = trimEnd(w);
    if (t.length === w.length || t.length >= 2) return t;
  }
  // candidates: every prefix that ends before a preposition, conjunction or participle (or the whole phrase),
  // with modifiers dropped until it fits; the best says the most with the fewest drops
  let best: string[] = [];
  let bestScore = -Infinity;
  // "stability and off-policy challenges": a cut inside a coordinated noun phrase distorts it
  const coordinated = (k: number): boolean => /^(and|or)$/i.test(w[k]) && !(/^(a|an|the)$/i.test(w[k + 1] ?? '') || isParticiple((w[k + 1] ?? '').toLowerCase()));
  for (let k = Math.max(keep, 1); k <= w.length; k++) {
    if (k < w.length && (!isCut(w[k]) || needsOf(w, k))) continue;
    const prefix = w.slice(0, k);
    if (badEnd(prefix)) continue;
    const c = compress(prefix, max, keep);
    if (!c || c.length === 0 || badEnd(c)) continue;
    const sc = contentWords(c).length + (isWeak(c) ? -4 : 0) + (c.some((x) => CUT_BEFORE.has(x.toLowerCase())) ? 0.5 : 0) - 1.5 * (prefix.length - c.length) - (k < w.length && coordinated(k) ? 1.5 : 0);
    if (sc > bestScore) {
      best = c;
      bestScore = sc;
    }
  }
  if (best.length > 0) return best;
  // a long phrase with no preposition: keep its head (English noun phrases end with their head)
  if (w.length > max && !w.some((x) => isCut(x))) return trimEnd(w.slice(w.length - max));
  return trimEnd(w.slice(0, max));
}

const NUMBERS = /^(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozens?|hundreds?|thousands?|millions?|billions?|\d[\d.,]*[a-z%]*)$/i;
const contentWords = (ws: string[]): string[] =>
  ws.filter((w) => {
    const l = w.toLowerCase();
    return !FUNC.has(l) && !HYPE.has(l) && !VERBS.has(l) && !NUMBERS.test(l) && !/^(based|built)$/.test(l);
  });

/** A phrase that says little: a generic head ("framework") with at most adjectives or common acronyms in front. */
function isWeak(ws: string[]): boolean {
  const c = contentWords(ws);
  if (c.length === 0) return true;
  if (ws.some((w) => CUT_BEFORE.has(w.toLowerCase()) && w.toLowerCase() !== 'and')) return false;
  const head = c[c.length - 1].toLowerCase().replace(/s$/, '');
  if (!GENERIC_HEADS.has(head)) return c.length === 1 && c[0].length < 5;
  return c.slice(0, -1).every((w) => badFinal(w) || isKnown(w) || ADJ.has(w.toLowerCase()) || /^(unified|general|generic|scalable|lightweight|modular|comprehensive|systematic|extensive|open|open-source)$/i.test(w));
}

function verbIng(v: string): string {
  const l = v.toLowerCase();
  const dash = l.lastIndexOf('-');
  if (dash > 0) return `${l.slice(0, dash + 1)}${verbIng(l.slice(dash + 1))}`;
  if (/ies$/.test(l)) return `${l.slice(0, -3)}ying`;
  if (/(ss|sh|ch|x|zz)es$/.test(l)) return `${l.slice(0, -2)}ing`;
  let st = /[^s]s$/.test(l) ? l.slice(0, -1) : l;
  if (/ie$/.test(st)) return `${st.slice(0, -2)}ying`;
  if (/[^aeiou]e$/.test(st) || (/[aiou]e$/.test(st) && !/(ee|ye|oe)$/.test(st))) st = st.slice(0, -1);
  else if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(st) || /(fer|cur|mit|pel|trol|gret|get|gin|set|bed)$/.test(st)) st += st[st.length - 1];
  return `${st}ing`;
}

const ANAPHORA = /^(it|them|itself|themselves|this|these|those|both|such|either|each|former|latter|above|aforementioned|they|its|their)$/;

/** "framework that explicitly separates planning from execution" -> "separating planning from execution". */
function relativeClauseAfter(doc: Doc, endTok: number): string[] {
  const { toks } = doc;
  let k = endTok + 1;
  const p = parenAt(toks, k);
  if (p) k = p.to + 1;
  if (k >= toks.length || toks[k].sent !== toks[endTok].sent) return [];
  if (!/^(that|which)$/.test(toks[k].lower)) return [];
  k++;
  while (k < toks.length && isAdverb(toks[k])) k++;
  let verb: string | null = null;
  if (/^(can|could|may|might|will|would)$/.test(toks[k]?.lower ?? '')) {
    k++;
    while (k < toks.length && isAdverb(toks[k])) k++;
    const v = toks[k];
    if (v && /^[a-z]+(-[a-z]+)*$/.test(v.core) && !FUNC.has(v.lower)) verb = verbIng(v.core);
  } else {
    const v = toks[k];
    if (v && /^[A-Za-z][a-z]+(-[a-z]+)*s$/.test(v.core) && !/(ss|us|is)$/.test(v.core) && !FUNC.has(v.lower)) verb = verbIng(v.core);
  }
  if (!verb) return [];
  let objToks = phraseFrom(toks, k + 1, 12);
  const ana = objToks.findIndex((t) => ANAPHORA.test(t.lower));
  if (ana >= 0) {
    objToks = objToks.slice(0, ana);
    while (objToks.length > 0 && (FUNC.has(objToks[objToks.length - 1].lower) || /^[a-z]+s$/.test(objToks[objToks.length - 1].core) && objToks.length > 1 && /^(and|or)$/.test(objToks[objToks.length - 2].lower))) objToks.pop();
    while (objToks.length > 0 && /^(and|or)$/.test(objToks[objToks.length - 1].lower)) objToks.pop();
  }
  if (objToks.length === 0 || (ana === 0)) return [];
  const obj = cleanPhrase(doc, objToks);
  if (contentWords(obj).length === 0) return [];
  return [verb, ...obj];
}

/** The "for X" / "to VERB X" purpose following a phrase in the same sentence: "a framework for data-efficient RL". */
function purposeAfter(doc: Doc, from: number, sent: number): string[] {
  const { toks } = doc;
  for (let k = from; k < toks.length && toks[k].sent === sent && k < from + 12; k++) {
    if (toks[k].lower === 'to' && k === from) {
      let v = k + 1;
      while (v < toks.length && isAdverb(toks[v])) v++;
      const vt = toks[v];
      if (!vt || vt.sent !== sent || !/^[a-z]+(-[a-z]+)*$/.test(vt.core) || FUNC.has(vt.lower) || ADJ.has(vt.lower) || /ing$/.test(vt.lower) || (badFinal(vt.core) && !VERBS.has(vt.lower))) return [];
      const ph = phraseFrom(toks, v + 1, 16);
      if (ph.length > 0 && !ph.some((t) => ANAPHORA.test(t.lower))) {
        const w = cleanPhrase(doc, ph);
        if (contentWords(w).length > 0) return /^(provide|provides|enable|ensure|support|achieve|obtain|offer|allow|facilitate|perform|conduct|deliver|realize|attain|produce|yield)$/.test(vt.lower) && w.length >= 2 ? w : [verbIng(vt.core), ...w];
      }
      return [];
    }
    if (/^(for|towards|toward)$/.test(toks[k].lower) && k + 1 < toks.length && toks[k + 1].sent === sent) {
      const ph = phraseFrom(toks, k + 1, 16);
      if (ph.length > 0 && !ph.some((t) => ANAPHORA.test(t.lower))) {
        const w = cleanPhrase(doc, ph);
        if (contentWords(w).length > 0) return w;
      }
    }
    if (/[;.,]/.test(toks[k].post)) break;
  }
  return [];
}

const STUDY_VERBS = set(
  'study studies investigate investigates analyze analyzes analyse analyses examine examines explore explores consider considers ' +
    'revisit revisits evaluate evaluates characterize characterizes address addresses tackle tackles propose proposes present presents ' +
    'introduce introduces develop develops design designs review reviews survey surveys benchmark benchmarks compare compares focus',
);

/** Gerund subject of a sentence: "Training vision-language web agents with multi-step RL is compute-intensive". */
function gerundSubject(doc: Doc, sent: number): string[] {
  const { toks } = doc;
  let i = toks.findIndex((t) => t.sent === sent);
  if (i < 0) return [];
  let lowerOk = false;
  if (/^(however|yet|but|moreover|still|thus|therefore|unfortunately|nevertheless|meanwhile|importantly|crucially)$/i.test(toks[i].lower) && /,/.test(toks[i].post)) {
    i++;
    lowerOk = true;
  }
  const g = toks[i];
  if (!g || !(lowerOk ? /^[A-Za-z][a-z]+ing$/ : /^[A-Z][a-z]+ing$/).test(g.core) || g.core.length < 6 || isStopCapital(g.core) || g.sent !== sent) return [];
  const out: Tok[] = [g];
  for (let j = i + 1; j < toks.length && toks[j].sent === sent && out.length < 14; j++) {
    const t = toks[j];
    if (/^(is|are|was|were|remains|remain|requires|require|has|have|can|could|may|poses|presents|faces|becomes|involves|demands|relies|offers|provides|enables|allows|suffers|struggles|often|typically|still|also|not|helps|plays|leads|yields|demonstrates|shows|makes)$/.test(t.lower)) {
      if (out.length < 2) return [];
      const w = shorten(cleanPhrase(doc, out), MAX_DESC_WORDS, 1);
      return w.length >= 2 && w[0].toLowerCase() === g.lower && !w.some((x) => ANAPHORA.test(x.toLowerCase())) ? w : [];
    }
    if (t.pre.includes('(')) {
      const p = parenAt(toks, j);
      if (!p) return [];
      for (let k = p.from; k <= p.to; k++) out.push(toks[k]);
      j = p.to;
      continue;
    }
    if (/[,;:]/.test(out[out.length - 1].post)) return [];
    out.push(t);
  }
  return [];
}

/** The first sentence's subject when it is a compact "X for/of/in Y" phrase. */
function firstSubject(doc: Doc): string[] {
  const { toks } = doc;
  if (toks.length === 0 || isStopCapital(toks[0].core) || /^(recent|recently|existing|current|despite|while|although|over|with|as|since|many|most|modern|large|deep|given|when|one|there|it|a|an)$/i.test(toks[0].lower)) return [];
  const ph = phraseFrom(toks, 0, 12);
  const next = toks[ph.length];
  if (ph.length < 3 || !next || next.sent !== 0 || breaksAfter(ph[ph.length - 1])) return [];
  const w = cleanPhrase(doc, ph);
  if (!w.some((x) => /^(for|of|in|with|on)$/.test(x)) || w.length > MAX_DESC_WORDS || badFinal(w[w.length - 1])) return [];
  return w;
}

/** Salient noun phrase of the abstract (used when nothing better says what it is about). */
function topicPhrase(doc: Doc, avoid: Set<string>, standalone = true): string[] {
  const { toks } = doc;
  const norms = toks.map((t) => {
    const l = singular(t.core).toLowerCase();
    return l.length > 4 && l.endsWith('s') && !/(ss|us|is)$/.test(l) ? l.slice(0, -1) : l;
  });
  const tf = new Map<string, number>();
  for (const n of norms) tf.set(n, (tf.get(n) ?? 0) + 1);
  // chunks: maximal runs of words that can sit in a noun phrase
  const chunks: number[][] = [];
  let cur: number[] = [];
  const flush = (): void => {
    if (cur.length > 0) chunks.push(cur);
    cur = [];
  };
  toks.forEach((t, i) => {
    const l = t.lower;
    const ok =
      /[a-z]/i.test(t.core) &&
      !FUNC.has(l) &&
      !PHRASE_STOP.has(l) &&
      !VERBS.has(l) &&
      !HYPE.has(l) &&
      !isAdverb(t) &&
      !isParticiple(l) &&
      !/^(percent|percentage|times|points?)$/.test(l) &&
      !/^\d/.test(t.core) &&
      !/[@/:]/.test(t.core) &&
      !PLACEHOLDERS.has(t.core) &&
      !(t.pre.includes('(') || /\)/.test(t.post)) &&
      // "learning waits for": a verb after a singular noun, before a preposition
      !(/^[a-z]+s$/.test(t.core) && !/(ss|us|is)$/.test(t.core) && /^(for|to|on|from|with|into|over|across|about|through)$/.test(toks[i + 1]?.lower ?? '') && i > 0 && /[a-z]$/.test(toks[i - 1].core) && !/s$/.test(toks[i - 1].core) && !breaksAfter(toks[i - 1]));
    if (!ok || t.sentStart) flush();
    if (ok) cur.push(i);
    if (breaksAfter(t)) flush();
  });
  flush();
  const spanCount = new Map<string, number>();
  for (const c of chunks) {
    for (let a = 0; a < c.length; a++) {
      let key = '';
      for (let b = a; b < Math.min(c.length, a + 4); b++) {
        key = b === a ? norms[c[b]] : `${key} ${norms[c[b]]}`;
        spanCount.set(key, (spanCount.get(key) ?? 0) + 1);
      }
    }
  }
  const weSent = new Set<number>();
  for (const t of toks) if (t.lower === 'we' || t.lower === 'our') weSent.add(t.sent);
  let best: number[] = [];
  let bestScore = -Infinity;
  for (const c of chunks) {
    const sent = toks[c[0]].sent;
    for (let a = 0; a < c.length; a++) {
      if (c[a] === 0) continue; // the abstract's opening words are not a title
      const prevT = c[a] > 0 ? toks[c[a] - 1] : null;
      if (badFirstTok(toks[c[a]]) || (a === 0 && prevT && /^[a-z]+ed$/.test(toks[c[a]].core) && ((!prevT.sentStart && /^[a-z]/.test(prevT.core) && !FUNC.has(prevT.lower)) || /^(we|they|it|which|that|who)$/.test(prevT.lower)))) continue;
      let key = '';
      let sum = 0;
      let allKnown = true;
      let avoided = false;
      for (let b = a; b < Math.min(c.length, a + 4); b++) {
        const t = toks[c[b]];
        const n = norms[c[b]];
        key = b === a ? n : `${key} ${n}`;
        sum += GENERIC_HEADS.has(n) || ADJ.has(n) ? 0.3 : Math.min(tf.get(n) ?? 1, 6);
        if (!(t.known || GENERIC_HEADS.has(n))) allKnown = false;
        if (t.shape >= 2 && avoid.has(t.base)) avoided = true;
        const len = b - a + 1;
        if (avoided || allKnown || badFinalTok(t)) continue;
        if (len === 1 && (t.shape >= 2 || t.core.length < 5)) continue;
        if ((standalone || len >= 3) && opensAbstract(doc, c.slice(a, b + 1).map((x) => toks[x].core))) continue;
        let score = sum / Math.sqrt(len) + (spanCount.get(key) ?? 1) * 1.5 * (len > 1 ? 1 : 0.3);
        if (sent <= 1) score += 1;
        if (weSent.has(sent)) score += 1;
        if (len === 1) score -= 1.5;
        if (len >= 2 && len <= 3) score += 0.5;
        if (score > bestScore) {
          bestScore = score;
          best = c.slice(a, b + 1);
        }
      }
    }
  }
  return best.map((i) => caseWord(doc, toks[i].core, false));
}

const normWords = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, ' ').replace(/\s+/g, ' ').trim();

/** True when the phrase is the abstract's opening words (a title must not be a truncated first sentence). */
function opensAbstract(doc: Doc, ws: string[]): boolean {
  if (ws.length === 0 || !doc.opening.startsWith(ws[0].toLowerCase())) return false;
  const p = normWords(ws.join(' '));
  return p.length > 0 && doc.opening.startsWith(p);
}

/** "Training web agents with multi-step RL" -> "multi-step RL for training web agents". */
function reorderGerund(ws: string[]): string[] {
  for (let i = ws.length - 2; i >= 2; i--) {
    if (!/^(with|via|using|through)$/i.test(ws[i])) continue;
    const means = ws.slice(i + 1);
    const act = ws.slice(0, i);
    if (means.length >= 1 && act.length >= 2 && !badEnd(act) && !badEnd(means)) return [...means, 'for', ...act];
  }
  return [];
}

/** What the abstract is about, from its own framing sentences, else its most salient noun phrase. */
function aboutPhrase(doc: Doc, avoid: Set<string>, beforeSent = -1, standalone = true): string[] {
  // a standalone title never repeats the abstract's opening words; after a name, a short phrase may
  const opens = (ws: string[]): boolean => (standalone || ws.length >= 3) && opensAbstract(doc, ws);
  const ok = (ws: string[]): string[] => {
    if (ws.length < 2) return [];
    if (!opens(ws)) return ws;
    const r = reorderGerund(ws);
    return r.length >= 3 && r.length <= MAX_DESC_WORDS ? r : [];
  };
  for (let s = beforeSent - 1; s >= 0 && s >= beforeSent - 3; s--) {
    const g = ok(gerundSubject(doc, s));
    if (g.length >= 2) return g;
  }
  const nSent = doc.toks.length ? doc.toks[doc.toks.length - 1].sent + 1 : 0;
  for (let s = 0; s < Math.min(3, nSent); s++) {
    const g = ok(gerundSubject(doc, s));
    if (g.length >= 2) return g;
  }
  const f = firstSubject(doc);
  if (f.length >= 3 && !opens(f)) return f;
  return topicPhrase(doc, avoid, standalone);
}

/** Adds what a short phrase is for: its relative clause ("that VERBs X") or purpose ("for X", "to VERB X"). */
function extend(doc: Doc, words: string[], endTok: number): string[] {
  if (endTok < 0 || words.length === 0 || (contentWords(words).length > 3 && !isWeak(words))) return words;
  const { toks } = doc;
  const seen = new Set(words.map((w) => w.toLowerCase()));
  const adds = (ext: string[]): boolean => contentWords(ext).some((w) => !seen.has(w.toLowerCase()));
  const head = words[words.length - 1];
  const keeps = (r: string[], ext: string[]): boolean => {
    const at = r.lastIndexOf(head);
    return at >= 0 && r.length - at - 1 >= Math.min(2, ext.length) && contentWords(r.slice(at + 1)).length >= 1 && !isParticiple(r[r.length - 1].toLowerCase());
  };
  const rel = relativeClauseAfter(doc, endTok);
  if (rel.length > 0 && adds(rel)) {
    const r = shorten([...words, ...rel], MAX_DESC_WORDS);
    if (keeps(r, rel)) return r;
  }
  const purpose = purposeAfter(doc, endTok + 1, toks[endTok].sent);
  if (purpose.length > 0 && adds(purpose)) {
    const r = shorten([...words, 'for', ...purpose], MAX_DESC_WORDS);
    if (keeps(r, purpose)) return r;
  }
  return words;
}

/** Descriptor for a paper that introduces no name. */
function plainDescriptor(doc: Doc): string[] {
  const { toks } = doc;
  const lowerText = doc.text.toLowerCase();
  // surveys and reviews
  if (/survey|review|overview/.test(lowerText) && /\b(this|our) (survey|review|tutorial)\b|\bwe (survey|review)\b|\b(survey|review)s? (of|on)\b|\bliterature review\b|\b(comprehensive|systematic) (overview|review|survey)\b/.test(lowerText)) {
    for (let i = 0; i < toks.length; i++) {
      if (!/^(survey|surveys|review|reviews|overview|summarize|summarizes)$/.test(toks[i].lower)) continue;
      let k = i + 1;
      while (k < toks.length && toks[k].sent === toks[i].sent && (/^(of|on|the|recent|advances|progress|developments|in|to|a|an|research|literature|work|works|existing|reviews|review|summarizes|covers|examines)$/.test(toks[k].lower) || isAdverb(toks[k]))) k++;
      if (k >= toks.length || toks[k].sent !== toks[i].sent || k === i + 1) continue;
      const ph = shorten(cleanPhrase(doc, phraseFrom(toks, k, 10)), MAX_DESC_WORDS - 2);
      if (ph.length >= 1 && !isWeak(ph)) return ['survey', 'of', ...ph];
    }
    const topic = aboutPhrase(doc, new Set());
    if (topic.length > 0) return ['survey', 'of', ...topic];
  }
  // "we study / investigate / propose ... NP"; sentences with "also/further" only when nothing else says it
  for (const pass of [0, 1]) {
    for (let v = 0; v < toks.length; v++) {
      if (!STUDY_VERBS.has(toks[v].lower)) continue;
      const subj = introSubject(toks, v);
      if (!subj || subj.prior || subj.secondary !== (pass === 1)) continue;
      let k = v + 1;
      if (toks[v].lower === 'focus' && toks[k]?.lower === 'on') k++;
      if (/^(how|whether|what|why|which|when|if|that|to)$/.test(toks[k]?.lower ?? '')) continue;
      while (k < toks.length && /^(the|a|an)$/.test(toks[k].lower)) k++;
      // a scrubbed name ("we propose METHOD, a technique that ..."): describe it by its appositive
      if (k < toks.length && PLACEHOLDERS.has(toks[k].core) && /,/.test(toks[k].post) && /^(a|an|the)$/.test(toks[k + 1]?.lower ?? '')) k += 2;
      if (k >= toks.length) continue;
      const quantified = /^(two|three|four|five|several|some|many|various|multiple|both|\d+)$/.test(toks[k].lower);
      if (/^(problem|question|case|setting|use|role|effect|impact|idea|notion|task|challenge|issue) of$/.test(`${toks[k].lower} ${toks[k + 1]?.lower ?? ''}`)) k += 2;
      while (k < toks.length && /^(the|a|an)$/.test(toks[k].lower)) k++;
      const raw = phraseFrom(toks, k, 14);
      if (raw.length === 0) continue;
      const lastIdx = toks.indexOf(raw[raw.length - 1]);
      if (quantified) {
        // "we propose two techniques to improve data efficiency in X" -> "improving data efficiency in X"
        const purpose = purposeAfter(doc, lastIdx + 1, toks[v].sent);
        if (purpose.length >= 2 && /ing$/.test(purpose[0])) return shorten(purpose, MAX_DESC_WORDS);
        continue;
      }
      if (raw.some((t) => ANAPHORA.test(t.lower))) continue;
      let ph = cleanPhrase(doc, raw);
      if (ph.length === 0) continue;
      ph = extend(doc, shorten(ph, MAX_DESC_WORDS), lastIdx);
      if (ph.length >= 2 && !isWeak(ph)) return ph;
    }
  }
  return aboutPhrase(doc, new Set());
}

/** Descriptor for a named contribution. */
function namedDescriptor(doc: Doc, c: Candidate): string[] {
  const { toks } = doc;
  const nameLower = c.name.toLowerCase();
  const usable = (ws: string[]): boolean => ws.length >= 2 && ws.join(' ').toLowerCase() !== nameLower && !isWeak(ws);
  // where the name (and its parenthesis) ends
  const end = Math.min(toks.length - 1, c.at + (toks[c.at] && toks[c.at].pre.includes('(') ? 0 : c.name.split(' ').length - 1));
  const paren = parenAt(toks, end + 1);
  const afterName = paren ? paren.to : end;
  // a class noun right after the name: "the LMRL-Gym benchmark for ...", "(SUNG) framework", "(E2O) RL"
  const nextTok = toks[afterName + 1];
  const postPunct = toks[afterName].post.replace(/^\)/, '');
  let postNoun: string[] = [];
  let lateExpansion: string[] | null = null;
  if (nextTok && nextTok.sent === toks[end].sent && !/[,;:.!?—]/.test(postPunct) && (CLASS_NOUNS.has(nextTok.lower) || CLASS_NOUNS.has(nextTok.lower.replace(/s$/, '')) || nextTok.known)) {
    const ph = phraseFrom(toks, afterName + 1, 12);
    postNoun = extend(doc, shorten(cleanPhrase(doc, ph), MAX_DESC_WORDS), toks.indexOf(ph[ph.length - 1]));
    // "the TESSERA pipeline (Transient Event Search with ...)"
    const p2 = parenAt(toks, afterName + 2);
    if (!c.expansion && p2 && !paren) {
      const inside = words(toks, p2.from, p2.to);
      if (inside.length >= 2 && acronymFits(c.name, inside)) lateExpansion = inside;
    }
  }
  // 1. the expansion of an acronym: "KEPO: knowledge-enhanced preference optimization"
  const expWords = c.expansion ?? lateExpansion;
  const exp = expWords ? cleanExpansion(doc, expWords) : [];
  const appEnd = c.appositive ? toks.indexOf(c.appositive[c.appositive.length - 1]) : -1;
  const app = c.appositive ? extend(doc, shorten(cleanPhrase(doc, c.appositive), MAX_DESC_WORDS), appEnd) : [];
  const expOk = exp.length >= 3 || (exp.length === 2 && contentWords(exp).length === 2 && (!usable(app) || exp.every((w) => w.includes('-'))));
  if (expOk && exp.join(' ').toLowerCase() !== nameLower) {
    let out = exp;
    if (postNoun.length > 0 && exp.length < MAX_DESC_WORDS && !exp.some((w) => CUT_BEFORE.has(w.toLowerCase()) && w.toLowerCase() !== 'and')) out = [...exp, postNoun[0]];
    else if (exp.length <= 3 && !exp.some((w) => CUT_BEFORE.has(w.toLowerCase()))) {
      const purpose = purposeAfter(doc, afterName + 1, toks[end].sent);
      const known = new Set(exp.map((w) => w.toLowerCase()));
      if (purpose.length > 0 && contentWords(purpose).some((w) => !known.has(w.toLowerCase()))) out = [...exp, 'for', ...purpose];
    }
    if (out === exp) return exp.length <= MAX_DESC_WORDS + 2 ? exp : shorten(exp, MAX_DESC_WORDS);
    return out.length <= MAX_DESC_WORDS ? out : shorten(out, MAX_DESC_WORDS, exp.length);
  }
  // 2. "the NAME benchmark for X"
  if (usable(postNoun)) return postNoun;
  // 3. the appositive: "NAME, a fully automated framework for X"
  if (usable(app)) return app;
  // 4. the noun phrase before the name ("a critic-free RL algorithm named X"), with what follows the name
  const pre = c.preNoun ? shorten(cleanPhrase(doc, c.preNoun), MAX_DESC_WORDS) : [];
  const preExt = pre.length > 0 ? extend(doc, pre, /,/.test(toks[afterName].post) || /^(that|which)$/.test(nextTok?.lower ?? '') ? afterName : -1) : [];
  if (usable(preExt)) return preExt;
  // 5. "NAME, which VERBs X"
  const rel = relativeClauseAfter(doc, afterName);
  if (rel.length >= 3) {
    const r = shorten(rel, MAX_DESC_WORDS, 1);
    if (r.length >= 2) return r;
  }
  // 6. a weak head ("framework") for what the abstract is about
  const head = app.length > 0 ? app : preExt;
  const about = aboutPhrase(doc, new Set([c.name, ...c.name.split(' ').filter((w) => shapeOf(w) >= 2)]), toks[c.at].sent, false);
  if (head.length > 0 && about.length > 0 && !isParticiple(about[0].toLowerCase())) {
    const overlap = about.some((w) => head.map((h) => h.toLowerCase()).includes(w.toLowerCase()));
    if (!overlap) return shorten([...head, 'for', ...about], MAX_DESC_WORDS);
  }
  if (about.length > 0) return about;
  return head.length > 0 ? head : exp;
}

function cleanExpansion(doc: Doc, ws: string[]): string[] {
  const fake: Tok[] = ws.map((w) => ({ core: w, lower: w.toLowerCase(), pre: '', post: '', sent: 0, sentStart: false, possessive: false, base: baseName(w), shape: shapeOf(w), known: isKnown(w), familiar: isFamiliar(w) }));
  return cleanPhrase(doc, fake, true);
}

// ---------------------------------------------------------------------------------------------
// Title
// ---------------------------------------------------------------------------------------------

const capFirst = (s: string): string => (s && !/^[a-z]+[A-Z]/.test(s) ? s[0].toUpperCase() + s.slice(1) : s);
const lowerFirst = (s: string): string => (/^[A-Z][a-z]/.test(s) && !/^[A-Z][a-z]*[A-Z]/.test(s.split(' ')[0]) ? s[0].toLowerCase() + s.slice(1) : s);

/** Common expansions written as their acronym when a title runs long. */
const COMPACT: [RegExp, string][] = [
  [/^multimodal large language models?$/i, 'MLLMs'],
  [/^large language models$/i, 'LLMs'],
  [/^large language model$/i, 'LLM'],
  [/^vision-language models$/i, 'VLMs'],
  [/^vision-language model$/i, 'VLM'],
  [/^vision-language-action$/i, 'VLA'],
  [/^reinforcement learning$/i, 'RL'],
  [/^supervised fine-tuning$/i, 'SFT'],
  [/^chain-of-thought$/i, 'CoT'],
];

function compactWords(ws: string[]): string[] {
  const out = ws.slice();
  for (let n = 4; n >= 1; n--) {
    for (let i = 0; i + n <= out.length; i++) {
      const span = out.slice(i, i + n).join(' ');
      for (const [re, acr] of COMPACT) if (re.test(span)) out.splice(i, n, acr);
    }
  }
  return out;
}

function fitTitle(doc: Doc, method: string | null, desc: string[]): { title: string; descriptor: string } {
  const first = (d: string): string => {
    const w0 = d.split(' ')[0] ?? '';
    return doc.properNouns.has(w0.toLowerCase()) || EPONYMS.has(w0.toLowerCase()) ? d : lowerFirst(d);
  };
  const render = (a: string[]): string => {
    const d = a.join(' ');
    return method ? `${method}: ${first(d)}` : capFirst(d);
  };
  let ws = desc.slice();
  if (render(ws).length > MAX_TITLE) ws = compactWords(ws);
  if (render(ws).length > MAX_TITLE) {
    const full = ws;
    for (let n = full.length - 1; n >= 1; n--) {
      ws = shorten(full, n);
      if (render(ws).length <= MAX_TITLE) break;
    }
  }
  if (ws.length === 0 || (method && render(ws).length > MAX_TITLE + 10)) ws = method ? [] : topicPhrase(doc, new Set());
  const descriptor = first(ws.join(' '));
  if (!descriptor) return { title: method ?? '', descriptor: '' };
  return { title: render(ws), descriptor };
}

/** Picks the introduced name, if any. */
function pickMethod(doc: Doc): Candidate | null {
  const cands = findCandidates(doc);
  repeatedNames(doc, cands);
  let best: Candidate | null = null;
  let bestScore = -Infinity;
  for (const c of cands.values()) {
    if (isKnown(c.name) || c.name.length < 2) continue;
    if (!c.name.includes(' ') && isFamiliar(c.name) && c.intro < 8) continue;
    const s = scoreCandidate(doc, c);
    const threshold = c.intro >= 6 ? 5 : 6;
    if (s < threshold) continue;
    if (s > bestScore || (s === bestScore && best && c.at < best.at)) {
      best = c;
      bestScore = s;
    }
  }
  return best;
}

/** Derives a display title, the introduced method name (or null) and a short descriptor from an abstract. */
export function deriveTitle(abstract: string): TitleResult {
  const text = abstract.trim();
  if (!text) return { title: 'Untitled abstract', method: null, descriptor: '' };
  const doc = makeDoc(text);
  const cand = pickMethod(doc);
  const method = cand ? cand.name.replace(/^["“]|["”]$/g, '') : null;
  let desc = cand ? namedDescriptor(doc, cand) : plainDescriptor(doc);
  if (desc.length > MAX_DESC_WORDS + 2) desc = shorten(desc, MAX_DESC_WORDS);
  if (desc.length === 0) desc = topicPhrase(doc, new Set(method ? [method] : []));
  const { title, descriptor } = fitTitle(doc, method, desc);
  if (!descriptor) return { title: method ?? 'Untitled abstract', method, descriptor: '' };
  return { title, method, descriptor };
}

