/** Word lists of general English and general scientific writing; nothing tuned to one corpus. */

export const set = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean));

/** Articles, pronouns, prepositions, conjunctions, auxiliaries. */
export const FUNC = set(
  'a an the this that these those its it their they them there our we us you your he she his her ' +
    'of for in on at to from by with without within via through into onto over under across between among against ' +
    'toward towards upon about around after before during until since per than as like ' +
    'and or nor but yet so both either neither whether if then also too ' +
    'is are was were be been being am do does did done has have had having can could may might will would shall should must ' +
    'which who whom whose where when while whereas whereby what how why not no',
);

/** Words that end a noun phrase when met (besides punctuation). */
export const PHRASE_STOP = set(
  'that which who whom whose where when while whereas whereby because since although though despite unless until ' +
    'is are was were be been being can could may might will would shall should must does do did has have had ' +
    'to by using through thereby thus hence so such e.g i.e including than as then if whether ' +
    'we our they their it its this these those not',
);

/** Prepositions and conjunctions at which a phrase may be cut (the cut goes before them). */
export const CUT_BEFORE = set(
  'for of in on with via from across under over between within into beyond without towards toward and or at among before after during',
);

/** Verbs common in abstracts (never part of a noun phrase). */
export const VERBS = set(
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
export const HYPE = set(
  'novel new simple simplest effective powerful principled innovative straightforward elegant remarkably surprisingly ' +
    'highly very first first-ever yet easy-to-implement plug-and-play minimal minimalist generic versatile flexible ' +
    'promising practical proposed improved advanced sophisticated carefully',
);

/** Heads that say little on their own ("a framework"). */
export const GENERIC_HEADS = set(
  'framework method approach algorithm system model technique paradigm strategy recipe pipeline mechanism architecture ' +
    'infrastructure module tool toolkit library platform agent objective procedure scheme formulation solution operator ' +
    'substrate stack design methodology principle variant family class suite set series collection kind type form version ' +
    'problem question setting issue gap challenge limitation task idea case phenomenon regime direction area field topic aspect way ' +
    'work paper study analysis',
);

/** Class nouns that tell an appositive introduces something ("X, a ... framework"). */
export const CLASS_NOUNS = set(
  'framework method approach algorithm system model benchmark dataset data testbed test-bed suite library toolkit pipeline ' +
    'paradigm technique strategy recipe agent architecture platform environment environments mechanism metric objective loss ' +
    'infrastructure stack formulation procedure scheme policy planner controller simulator estimator optimizer generator ' +
    'module network family class series collection corpus resource tool protocol operator game engine service language ' +
    'extension variant estimator critic verifier judge substrate workflow model-based score index indicator measure scale ' +
    'test catalogue catalog database server software package assistant device sensor probe assay instrument survey',
);

/** Words saying a name is someone else's: "the popular X, a widely used ...". */
export const EXISTING_MARKERS = set(
  'popular widely standard existing well-known prior previous previously recent recently classic classical common commonly ' +
    'conventional traditional original vanilla baseline baselines established mainstream prevailing famous de-facto so-called',
);

/** Adjectives that cannot end a phrase (no suffix tells them apart). */
export const ADJ = set(
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
export const NOUN_EXCEPTIONS = set(
  'objective objectives alternative alternatives perspective perspectives incentive incentives initiative directive ' +
    'representative derivative derivatives executive detective archive archives variable variables table tables cable ' +
    'vegetable vegetables receivable deliverable deliverables observable observables collectible signal signals goal goals ' +
    'need needed seed seeds speed feed feedback bed embed thread threads',
);

/** Acronyms and terms every reader knows: never a name an abstract introduces. */
export const KNOWN = set(
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
export const EPONYMS = set(
  'bayesian bayes gaussian markov markovian euclidean boolean newtonian hamiltonian lagrangian riemannian hessian laplacian jacobian ' +
    'dirichlet poisson bernoulli nash pareto bellman wasserstein kullback shapley monte carlo boltzmann gibbs langevin kalman fourier ' +
    'hilbert banach lipschitz stackelberg turing darwinian cartesian mendelian keynesian',
);

/** Families of well-known models, libraries and benchmarks (matched as a prefix of a name). */
export const KNOWN_FAMILY =
  /^(gpt|chatgpt|llama|qwen|qwq|mistral|mixtral|gemini|gemma|claude|deepseek|phi|t5|flan|bert|roberta|opt|falcon|palm|o1|o3|o4|internvl|internlm|llava|glm|chatglm|kimi|doubao|grok|sdxl?|stable|flux|dall-e|clip|sam|dino|dinov2|alphago|alphazero|alphafold|alphatensor|muzero|dreamer|dreamerv\d|resnet|vgg|unet|u-net|transformer|mamba|imagenet|cifar|mnist|coco|glue|superglue|squad|mmlu|gsm8k|humaneval|aime|math500|mujoco|atari|d4rl|procgen|minecraft|nethack|starcraft|pytorch|tensorflow|jax|numpy|github|huggingface|arxiv|python|java|linux|ros)(\b|[-\d.]|$)/i;

/** All-caps words that stand for a scrubbed or generic name, not a name. */
export const PLACEHOLDERS = set(
  'METHOD METHODS MODEL OURS NAME ALGORITHM SYSTEM FRAMEWORK APPROACH DATASET BENCHMARK PROPOSED BASELINE TODO XXX',
);

export const INTRO_VERBS = set(
  'propose proposes proposed introduce introduces introduced present presents presented develop develops developed ' +
    'design designs designed build builds built create creates created construct constructs constructed release releases ' +
    'devise devises devised contribute contributes curate curates curated derive derives derived establish establishes ' +
    'call calls name term dub coin offer offers instantiate instantiates implement implements put',
);

export const NAMING_WORDS = set('called named dubbed termed coined namely');

export const SECONDARY_ADVERBS = set(
  'further also additionally moreover then second secondly third finally besides next lastly subsequently',
);

export const PRIOR_ADVERBS = set('previously earlier recently formerly once');

export const SUBJECT_NOUNS = set(
  'paper work study article report letter chapter survey thesis note manuscript contribution',
);

/** Nouns that end in -ing (the rest of the -ing words are participles). */
export const ING_NOUNS = set(
  'learning reasoning training planning sampling fine-tuning finetuning tuning modeling modelling processing understanding ' +
    'matching editing routing scheduling shaping programming computing engineering mining clustering ranking coding decoding ' +
    'encoding testing thinking prompting grounding scaling labeling labelling indexing caching batching masking pruning filtering ' +
    'rendering tracking forecasting networking building setting driving manufacturing counting writing hashing smoothing clipping ' +
    'bootstrapping pretraining pre-training post-training posttraining handling reading parsing searching steering offloading ' +
    'sequencing docking folding binding signaling signalling imaging sensing mapping meaning warping recycling spacing pooling ' +
    'padding landing opening beginning morning evening thing something nothing anything everything string spring king ring wing',
);

export const ADVERBS = set(
  'often also still even already usually always never just well much far rather quite thus hence further therefore however instead again almost nearly merely solely simply',
);

export const BLOCK_PREV = set(
  'on using trained train trains from over than against vs versus including such like e.g of in to beyond upon via ' +
    'outperforming surpassing outperforms surpasses fine-tune fine-tunes fine-tuned finetune finetunes finetuned tune tunes ' +
    'evaluate evaluates evaluated use uses used adopt adopts apply applies employ employs compare compares extend extends follow follows',
);

export const NEG_BEFORE = set(
  'such e.g like including over than vs versus against outperforming surpassing compared baselines baseline from using ' +
    'upon via with on of by following beyond named-after original standard vanilla existing prior previous popular',
);

export const STUDY_VERBS = set(
  'study studies investigate investigates analyze analyzes analyse analyses examine examines explore explores consider considers ' +
    'revisit revisits evaluate evaluates characterize characterizes address addresses tackle tackles propose proposes present presents ' +
    'introduce introduces develop develops design designs review reviews survey surveys benchmark benchmarks compare compares focus',
);

/** Pronouns a title never holds as words of its own ("I prove", "we show"). */
export const PRONOUNS = ['i', 'we', 'it', 'they', 'this', 'these', 'our', 'us'];
