// Seed catalogue for the store (SPEC §2, §3, §9): data only. Images live at /images/products/{slug}-{n}-{w}.webp
// (n = 1..imageCount, w in IMAGE_WIDTHS) and are drawn by scripts/generate-assets.ts from `art`.
import type { CategorySlug, CollectionSlug, Size } from '../../common/catalog.ts';

export interface SeedProduct {
  /** Unique kebab-case; its images are /images/products/{slug}-{n} (n = 1..imageCount). */
  slug: string;
  name: string;
  /** Whole rupees. */
  priceRupees: number;
  /** A subset of SIZES in XS..XXL order. */
  sizes: Size[];
  collection: CollectionSlug;
  category: CategorySlug;
  description: string;
  fullDescription: string;
  manufactureAndCare: string;
  returnPolicy: string;
  keyHighlights: { design: string; fit: string; neck: string; occasion: string; sleeveStyle: string; washCare: string };
  deliveryInfo: { standardDelivery: string; expressDelivery: string; pincodeDelivery: boolean };
  /** Colourway (hex) and print motif used by the image generator. */
  art: { base: string; accent: string; print: string };
  imageCount: 3 | 4;
}

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    slug: 'saturday-cartoons-bomber-jacket',
    name: 'Saturday Cartoons Bomber Jacket',
    priceRupees: 2499,
    sizes: ['S', 'M', 'L', 'XL'],
    collection: 'bring-your-childhood',
    category: 'jackets',
    description:
      'A satin bomber covered in the grinning faces that ruled every Saturday morning before the cable went out.',
    fullDescription:
      'Remember waking up before anyone else just to catch the first cartoon of the weekend? This bomber bottles that feeling. The navy satin shell carries a scatter of hand-drawn smiley faces in sunflower yellow, the ribbed collar, cuffs and hem keep out the evening chill, and a utility sleeve pocket holds your metro card. Throw it over a plain tee and you are sorted for college, gigs and late chai runs.',
    manufactureAndCare:
      'Made in Tiruppur, India with a 100% polyester satin shell, a soft cotton-blend lining and a metal zip. Gentle machine wash cold inside out, do not bleach, hang dry in shade and iron on low avoiding the print.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'All-over hand-drawn smiley print on satin',
      fit: 'Relaxed fit, roomy enough to layer over a hoodie',
      neck: 'Ribbed baseball collar',
      occasion: 'Casual evenings, college, concerts',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Gentle machine wash cold, inside out; do not tumble dry',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#2b3a67', accent: '#ffd23f', print: 'smiley' },
    imageCount: 4,
  },
  {
    slug: 'rocket-lunchbox-varsity-jacket',
    name: 'Rocket Lunchbox Varsity Jacket',
    priceRupees: 2799,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'bring-your-childhood',
    category: 'jackets',
    description:
      'A maroon varsity jacket with a chenille rocket patch straight off your old steel lunchbox.',
    fullDescription:
      'Our varsity jacket takes the classic letterman build and gives it a lunch-break twist: a cream rocket blasting off across the chest, the same one you traced on the lid of your tiffin in Class 4. Snap buttons run down the front, striped ribbing frames the collar and cuffs, and the quilted lining keeps it warm without the bulk. It is the jacket you will reach for every winter until you graduate, and then some.',
    manufactureAndCare:
      'Made in Ludhiana, India from a wool-blend melton body with a quilted polyester lining and hand-stitched chenille patches. Dry clean only; store on a broad hanger and brush the chenille gently to lift the pile.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Chenille rocket patch with embroidered trails',
      fit: 'Relaxed fit, roomy enough to layer over a hoodie',
      neck: 'Striped ribbed snap collar',
      occasion: 'Winter campus days, fests, weekend outings',
      sleeveStyle: 'Full sleeves with striped ribbed cuffs',
      washCare: 'Gentle machine wash cold, inside out; do not tumble dry',
    },
    deliveryInfo: { standardDelivery: '4-6 business days', expressDelivery: '2-3 business days', pincodeDelivery: true },
    art: { base: '#7a1f2b', accent: '#f4e9d8', print: 'rocket' },
    imageCount: 4,
  },
  {
    slug: 'arcade-token-windbreaker-jacket',
    name: 'Arcade Token Windbreaker Jacket',
    priceRupees: 2199,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    collection: 'bring-your-childhood',
    category: 'jackets',
    description:
      'A featherlight windbreaker printed with the game controllers we fought over at every cousin sleepover.',
    fullDescription:
      'Pack it into its own pocket, unzip it at the first drop of monsoon rain. This windbreaker is cut from water-resistant ripstop in deep violet with mint controller prints that nod to the two-player battles of the late 90s. An elastic hood hides in the collar, the drawcord hem seals out the wind, and mesh lining keeps you from overheating on the scooter ride home.',
    manufactureAndCare:
      'Made in India from 100% nylon ripstop with a water-repellent finish and breathable mesh lining. Machine wash cold on a gentle cycle, do not tumble dry or dry clean, and drip dry in shade.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Game controller print on ripstop',
      fit: 'Regular fit with a drawcord hem',
      neck: 'Stand collar with a packaway hood',
      occasion: 'Monsoon commutes, travel, weekend rides',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Machine wash cold; drip dry',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#3d2c8d', accent: '#2de1c2', print: 'gamepad' },
    imageCount: 4,
  },
  {
    slug: 'monsoon-paper-boat-coach-jacket',
    name: 'Monsoon Paper Boat Coach Jacket',
    priceRupees: 1999,
    sizes: ['S', 'M', 'L', 'XL'],
    collection: 'bring-your-childhood',
    category: 'jackets',
    description:
      'A teal coach jacket with rolling wave lines for everyone who raced paper boats down the gutter after school.',
    fullDescription:
      'The first real rain of June meant one thing: tearing a page out of the rough notebook and folding the fastest paper boat in the colony. Our coach jacket remembers those afternoons with an off-white wave print that wraps the back panel. A snap-front placket, a turn-down collar and a light brushed lining make it the perfect in-between layer for Bengaluru evenings and Pune winters.',
    manufactureAndCare:
      'Made in Tiruppur, India from nylon taslan with a brushed polyester lining and metal snaps. Gentle machine wash cold, close all snaps before washing, hang dry and do not iron.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Rolling wave line print across the back panel',
      fit: 'Boxy relaxed fit',
      neck: 'Turn-down coach collar',
      occasion: 'Everyday layering, monsoon evenings',
      sleeveStyle: 'Full sleeves with snap cuffs',
      washCare: 'Gentle machine wash cold, inside out; do not tumble dry',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#2f6f73', accent: '#f2f2e9', print: 'waves' },
    imageCount: 3,
  },
  {
    slug: '808-bass-drop-puffer-jacket',
    name: '808 Bass Drop Puffer Jacket',
    priceRupees: 2999,
    sizes: ['M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'jackets',
    description:
      'A jet-black puffer with red lightning that hits as hard as the bass line you feel in your chest.',
    fullDescription:
      'Built for the kind of winter night when the set runs till 2 a.m. and the walk back is long. The channel-quilted shell is filled with lightweight recycled polyfill, the red lightning print cracks across the front and back, and the high collar zips right up to your chin. Two fleece-lined hand pockets and an inner phone pocket mean you never have to take your hands out of the warmth between tracks.',
    manufactureAndCare:
      'Made in India from a 100% nylon shell with recycled polyester fill. Machine wash cold on a gentle cycle, tumble dry low with two clean tennis balls to re-loft the fill, do not iron or dry clean.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Red lightning bolt print on quilted shell',
      fit: 'Relaxed puffer fit',
      neck: 'High zip-up funnel collar',
      occasion: 'Winter nights, concerts, travel to the hills',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Gentle machine wash cold; tumble dry low with tennis balls',
    },
    deliveryInfo: { standardDelivery: '4-6 business days', expressDelivery: '2-3 business days', pincodeDelivery: true },
    art: { base: '#141414', accent: '#ff3b30', print: 'lightning' },
    imageCount: 4,
  },
  {
    slug: 'midnight-cypher-bomber-jacket',
    name: 'Midnight Cypher Bomber Jacket',
    priceRupees: 2599,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'jackets',
    description:
      'A midnight bomber licked with violet flames, made for the circle that forms when the beat drops.',
    fullDescription:
      'Every city has that one parking lot where the freestyles go on long after the shutters come down. The Midnight Cypher Bomber was designed for those nights. Violet flames rise from the hem of the deep indigo shell, the orange-lined interior flashes when you move, and the ribbed trims hold their shape after countless washes. Zip it up, turn the collar up and take your spot in the circle.',
    manufactureAndCare:
      'Made in Tiruppur, India from a 100% polyester twill shell with a satin lining and metal zip. Gentle machine wash cold inside out, do not bleach, hang dry and iron on low away from the print.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Rising flame print with contrast lining',
      fit: 'Relaxed fit, roomy enough to layer over a hoodie',
      neck: 'Ribbed baseball collar',
      occasion: 'Night outs, cyphers, gigs',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Gentle machine wash cold, inside out; do not tumble dry',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#1b1b2f', accent: '#9b5de5', print: 'flame' },
    imageCount: 4,
  },
  {
    slug: 'concrete-jungle-utility-jacket',
    name: 'Concrete Jungle Utility Jacket',
    priceRupees: 2699,
    sizes: ['S', 'M', 'L', 'XL'],
    collection: 'trap-themed',
    category: 'jackets',
    description:
      'An olive utility jacket with a checkerboard back panel and more pockets than you will ever need.',
    fullDescription:
      'Street culture lives between flyovers, metro pillars and painted shutters, and this jacket is built to survive all of it. Heavy cotton canvas in army olive, four bellow pockets on the front, and a safety-orange checkerboard panel across the back that makes you easy to spot in a crowd. The collar stands tall, the cuffs adjust, and the fabric only gets better the more you beat it up.',
    manufactureAndCare:
      'Made in India from 100% cotton 10 oz canvas, garment-dyed for a lived-in look. Wash separately the first few times, machine wash cold, line dry and iron on medium heat.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Checkerboard back panel with bellow pockets',
      fit: 'Regular fit, hip length',
      neck: 'Stand collar with snap tab',
      occasion: 'Everyday street wear, travel, shoots',
      sleeveStyle: 'Full sleeves with adjustable snap cuffs',
      washCare: 'Machine wash cold separately; line dry',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#4b5320', accent: '#f5a623', print: 'checks' },
    imageCount: 4,
  },
  {
    slug: 'gold-chain-track-jacket',
    name: 'Gold Chain Track Jacket',
    priceRupees: 2299,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'jackets',
    description:
      'A glossy black track jacket with gold chain-link tape running down each sleeve.',
    fullDescription:
      'Track jackets have always been street royalty, and this one wears the crown. Smooth tricot in black gets a gold chain-link print taped down both sleeves and around the collar, with a full-length zip and a pair of zippered side pockets. It moves with you whether you are dancing at the afterparty or chasing the last local train home.',
    manufactureAndCare:
      'Made in Tiruppur, India from 100% polyester tricot with printed side tape. Machine wash cold inside out, do not bleach or tumble dry, and never iron over the metallic print.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Gold chain-link taping on sleeves and collar',
      fit: 'Slim regular fit',
      neck: 'Zip-up stand collar',
      occasion: 'Afterparties, travel, athleisure days',
      sleeveStyle: 'Full sleeves with elastic cuffs',
      washCare: 'Machine wash cold; do not iron on the tape',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#121212', accent: '#d4af37', print: 'chain' },
    imageCount: 3,
  },
  {
    slug: 'static-noise-denim-jacket',
    name: 'Static Noise Denim Jacket',
    priceRupees: 2499,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'jackets',
    description:
      'A classic denim trucker with a hand-painted crown on the back and raw, frayed edges.',
    fullDescription:
      'Our denim jacket starts as a timeless trucker in mid-blue 12 oz denim, then gets its attitude: a white crown painted across the back yoke, distressed seams and copper shank buttons. It is a little bit rebel, a little bit royalty, and it fits over a hoodie as easily as a tee. Wear it till it fades and the crown starts to crack; that is when it looks best.',
    manufactureAndCare:
      'Made in Ahmedabad, India from 100% cotton 12 oz denim with copper shank buttons. Wash cold inside out only when needed, wash separately as indigo may bleed, and line dry away from direct sun.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Hand-painted crown on the back yoke',
      fit: 'Regular trucker fit',
      neck: 'Point collar',
      occasion: 'Everyday wear, road trips, gigs',
      sleeveStyle: 'Full sleeves with buttoned cuffs',
      washCare: 'Wash cold inside out, rarely',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#35506e', accent: '#f0f0f0', print: 'crown' },
    imageCount: 4,
  },
  {
    slug: 'mirrorwork-garba-bomber-jacket',
    name: 'Mirrorwork Garba Bomber Jacket',
    priceRupees: 2899,
    sizes: ['S', 'M', 'L', 'XL'],
    collection: 'other-designs',
    category: 'jackets',
    description:
      'A plum festive bomber with diamond mirror-work motifs that catch the light on every spin.',
    fullDescription:
      'The Navratri Drop starts here. We took the silhouette of a street bomber and dressed it in the diamond mirror-work patterns of Kutch, printed in marigold gold with tiny reflective foil accents that sparkle under the pandal lights. The satin shell is light enough to dance in, the ribbed cuffs stay put through every round of garba, and it pairs as well with a kurta as with cargos.',
    manufactureAndCare:
      'Made in Ahmedabad, India from a polyester satin shell with foil-printed details and a cotton lining. Dry clean recommended; if hand washing, use cold water, do not wring and never iron over the foil.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Diamond mirror-work print with foil accents',
      fit: 'Relaxed fit, roomy enough to layer over a hoodie',
      neck: 'Ribbed baseball collar',
      occasion: 'Navratri nights, garba, festive parties',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Gentle machine wash cold, inside out; do not tumble dry',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#6a1b4d', accent: '#f7c948', print: 'mirror' },
    imageCount: 4,
  },
  {
    slug: 'peacock-pankh-nehru-jacket',
    name: 'Peacock Pankh Nehru Jacket',
    priceRupees: 2399,
    sizes: ['M', 'L', 'XL', 'XXL'],
    collection: 'other-designs',
    category: 'jackets',
    description:
      'A teal Nehru-collar jacket with gold peacock-feather eyes for a festive look with a street edge.',
    fullDescription:
      'The peacock has danced through Indian art for centuries, and this season it lands on your shoulders. The Peacock Pankh Jacket keeps the sharp mandarin collar and button front of a classic Nehru jacket but cuts it in a soft cotton twill with a relaxed, streetwear-friendly fit. Gold feather-eye motifs are scattered across the body, so it works over a kurta for the aarti and over a tee for the after-party.',
    manufactureAndCare:
      'Made in Jaipur, India from 100% cotton twill with a viscose lining and horn-look buttons. Dry clean recommended; otherwise hand wash cold separately and dry in shade.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Scattered peacock feather-eye motifs',
      fit: 'Relaxed fit, hip length',
      neck: 'Mandarin collar',
      occasion: 'Festive evenings, weddings, Navratri',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Dry clean recommended',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#0b5d5e', accent: '#e0b13a', print: 'peacock' },
    imageCount: 3,
  },
  {
    slug: 'dandiya-nights-reversible-jacket',
    name: 'Dandiya Nights Reversible Jacket',
    priceRupees: 2999,
    sizes: ['S', 'M', 'L', 'XL'],
    collection: 'other-designs',
    category: 'jackets',
    description:
      'Two jackets in one: crossed dandiya sticks on a red face and a clean gold reverse for the ride home.',
    fullDescription:
      'Navratri nights call for two moods, and this jacket handles both. One side is a festive red with crossed dandiya sticks in warm gold, the other is a solid shade you can wear to college the next morning. A two-way zip, lightweight padding and ribbed cuffs keep it practical, and because it is reversible there is no lining to bunch up while you swing through the raas.',
    manufactureAndCare:
      'Made in Ahmedabad, India from a lightweight polyester shell with thin padding. Gentle machine wash cold, close the zip before washing, hang dry and do not iron.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Crossed dandiya stick print, fully reversible',
      fit: 'Relaxed fit, roomy enough to layer over a hoodie',
      neck: 'Ribbed stand collar',
      occasion: 'Dandiya raas, festive nights, travel',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Gentle machine wash cold, inside out; do not tumble dry',
    },
    deliveryInfo: { standardDelivery: '4-6 business days', expressDelivery: '2-3 business days', pincodeDelivery: true },
    art: { base: '#b23a48', accent: '#fcd581', print: 'dandiya' },
    imageCount: 4,
  },
  {
    slug: 'astro-kid-hoodie',
    name: 'Astro Kid Hoodie',
    priceRupees: 1799,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    collection: 'bring-your-childhood',
    category: 'sweatshirts',
    description:
      'A sky-blue hoodie with a ringed planet for everyone who wanted to be an astronaut in Class 3.',
    fullDescription:
      'Before the career counselling and the entrance exams, all of us were going to be astronauts. This hoodie is for that kid. A pastel planet with a butter-yellow ring floats across the chest, the fleece inside is brushed soft, and the kangaroo pocket is deep enough for a phone, earphones and a packet of biscuits. The lined hood and flat drawcords finish it off.',
    manufactureAndCare:
      'Knitted and printed in Tiruppur, India from 320 GSM brushed-back cotton fleece (80% cotton, 20% polyester). Machine wash cold inside out with similar colours, do not bleach, tumble dry low or dry flat, and never iron directly on the print.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Ringed planet chest print with star dust',
      fit: 'Relaxed fit with kangaroo pocket',
      neck: 'Lined hood with flat drawcords',
      occasion: 'Lazy weekends, travel, college',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Machine wash cold inside out; dry flat',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#5b7db1', accent: '#fff3b0', print: 'planet' },
    imageCount: 4,
  },
  {
    slug: 'cassette-rewind-hoodie',
    name: 'Cassette Rewind Hoodie',
    priceRupees: 1899,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'bring-your-childhood',
    category: 'sweatshirts',
    description:
      'A terracotta hoodie printed with the mixtape you rewound with a pencil a hundred times.',
    fullDescription:
      'Some of us still know the exact wrist flick it takes to rewind a cassette with a pencil. The Cassette Rewind Hoodie honours that skill with a big navy tape print on the chest, complete with spools and a hand-written label. It is cut from heavyweight fleece in a warm terracotta, with ribbed cuffs and hem that stay snug through every wash.',
    manufactureAndCare:
      'Made in India from 300 GSM loopknit French terry in 100% combed cotton, garment-washed for softness. Wash cold inside out, skip the fabric softener to keep the print crisp, and dry in shade.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Large cassette tape chest print',
      fit: 'Relaxed fit with kangaroo pocket',
      neck: 'Double-layer hood with drawcords',
      occasion: 'Casual outings, road trips, chilly mornings',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Machine wash cold inside out; dry flat',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#e07a5f', accent: '#3d405b', print: 'cassette' },
    imageCount: 4,
  },
  {
    slug: 'gully-cricket-crewneck-sweatshirt',
    name: 'Gully Cricket Crewneck Sweatshirt',
    priceRupees: 1499,
    sizes: ['S', 'M', 'L', 'XL'],
    collection: 'bring-your-childhood',
    category: 'sweatshirts',
    description:
      'A cream crewneck dotted like a well-used tennis ball, for the one-tip-one-hand champions of every gully.',
    fullDescription:
      'One tip one hand, the wall behind the batsman is the wicketkeeper, and anything over the terrace is out. Gully cricket had rules only we understood. This cream crewneck carries a teal polka print inspired by scuffed tennis balls and chalk stumps, in soft loopknit terry that goes from a winter match to a movie night without a second thought.',
    manufactureAndCare:
      'Cut and sewn in Ludhiana, India from heavyweight 340 GSM cotton-poly fleece with a peached inner face. Machine wash cold on a gentle cycle, dry flat to keep the ribbing in shape, and iron inside out on low.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Teal polka print inspired by tennis balls',
      fit: 'Relaxed fit with a ribbed hem',
      neck: 'Ribbed crew neck',
      occasion: 'Weekend matches, movie nights, casual days',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Machine wash cold inside out; dry flat',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#f4f1de', accent: '#2a9d8f', print: 'dots' },
    imageCount: 3,
  },
  {
    slug: 'rooftop-kite-hoodie',
    name: 'Rooftop Kite Hoodie',
    priceRupees: 1699,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    collection: 'bring-your-childhood',
    category: 'sweatshirts',
    description:
      'A powder-blue hoodie with an orange patang flying high, straight from every Makar Sankranti rooftop.',
    fullDescription:
      'Manja-cut fingers, a sky full of colour and the whole terrace yelling "kai po che" at once. The Rooftop Kite Hoodie brings back those January afternoons with an orange kite and its trailing string swooping across the front. Brushed fleece keeps out the early morning chill, while the relaxed cut leaves enough room to pull the string properly.',
    manufactureAndCare:
      'Knitted and printed in Tiruppur, India from 320 GSM brushed-back cotton fleece (80% cotton, 20% polyester). Machine wash cold inside out with similar colours, do not bleach, tumble dry low or dry flat, and never iron directly on the print.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Flying kite print with trailing string',
      fit: 'Relaxed fit with kangaroo pocket',
      neck: 'Lined hood with drawcords',
      occasion: 'Winter mornings, festivals, casual outings',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Machine wash cold inside out; dry flat',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#8ecae6', accent: '#fb8500', print: 'kite' },
    imageCount: 4,
  },
  {
    slug: 'dino-doodle-sweatshirt',
    name: 'Dino Doodle Sweatshirt',
    priceRupees: 1399,
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    collection: 'bring-your-childhood',
    category: 'sweatshirts',
    description:
      'A leaf-green crewneck with the friendly dinosaur you doodled in the back of every notebook.',
    fullDescription:
      'Every rough notebook had one: a chunky, smiling dinosaur drawn in the margins during maths. We found ours and put it on a sweatshirt. The cream dino stomps across a leaf-green crewneck made from soft French terry, with ribbed trims and a fit that works just as well oversized on smaller frames as it does true to size.',
    manufactureAndCare:
      'Made in India from 300 GSM loopknit French terry in 100% combed cotton, garment-washed for softness. Wash cold inside out, skip the fabric softener to keep the print crisp, and dry in shade.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Doodle-style dinosaur chest print',
      fit: 'Relaxed fit with a ribbed hem',
      neck: 'Ribbed crew neck',
      occasion: 'Everyday casual, college, travel',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Machine wash cold inside out; dry flat',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#6a994e', accent: '#f2e8cf', print: 'dino' },
    imageCount: 3,
  },
  {
    slug: 'hi-hat-rolls-hoodie',
    name: 'Hi-Hat Rolls Hoodie',
    priceRupees: 1899,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'sweatshirts',
    description:
      'A charcoal hoodie with neon-green sound waves that look like a trap beat on a screen.',
    fullDescription:
      'If you have ever watched a producer drag hi-hat rolls across a timeline at 3 a.m., you will recognise the print. Neon-green waveforms ripple across the chest and down one sleeve of this heavyweight charcoal hoodie. The fleece is dense, the hood is double-layered, and the fit is just loose enough to look good hunched over a laptop or a mixing desk.',
    manufactureAndCare:
      'Cut and sewn in Ludhiana, India from heavyweight 340 GSM cotton-poly fleece with a peached inner face. Machine wash cold on a gentle cycle, dry flat to keep the ribbing in shape, and iron inside out on low.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Neon waveform print on chest and sleeve',
      fit: 'Relaxed fit with kangaroo pocket',
      neck: 'Double-layer hood with drawcords',
      occasion: 'Studio sessions, night outs, travel',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Machine wash cold inside out; dry flat',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#222222', accent: '#39ff14', print: 'waves' },
    imageCount: 4,
  },
  {
    slug: 'night-shift-zip-hoodie',
    name: 'Night Shift Zip Hoodie',
    priceRupees: 1999,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'sweatshirts',
    description:
      'A full-zip hoodie with an orange lightning bolt for those who do their best work after dark.',
    fullDescription:
      'For the delivery riders, the DJs, the coders and the dreamers who clock in when the city clocks out. The Night Shift Zip Hoodie pairs a deep grey fleece with a bright orange lightning bolt that cuts across the chest, a two-way metal zip and split kangaroo pockets. Reflective trim on the hood keeps you visible on those late rides home.',
    manufactureAndCare:
      'Knitted and printed in Tiruppur, India from 320 GSM brushed-back cotton fleece (80% cotton, 20% polyester). Machine wash cold inside out with similar colours, do not bleach, tumble dry low or dry flat, and never iron directly on the print.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Lightning bolt print with reflective hood trim',
      fit: 'Regular fit with split pockets',
      neck: 'Hood with reflective trim and two-way zip',
      occasion: 'Late nights, commutes, layering',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Machine wash cold inside out; dry flat',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#2d2a32', accent: '#ff6b35', print: 'lightning' },
    imageCount: 4,
  },
  {
    slug: 'no-cap-crewneck-sweatshirt',
    name: 'No Cap Crewneck Sweatshirt',
    priceRupees: 1599,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'sweatshirts',
    description:
      'An electric-indigo crewneck scattered with pink diamonds, because the drip is real, no cap.',
    fullDescription:
      'No exaggeration: this might be the softest crewneck we have made. Electric-indigo French terry is printed with hot-pink diamonds that look like they were tossed across the fabric, finished with chunky ribbing and a slightly dropped shoulder. Pair it with baggy denims and chunky sneakers and let the colour do the talking.',
    manufactureAndCare:
      'Made in India from 300 GSM loopknit French terry in 100% combed cotton, garment-washed for softness. Wash cold inside out, skip the fabric softener to keep the print crisp, and dry in shade.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Scattered diamond print',
      fit: 'Relaxed fit with a ribbed hem',
      neck: 'Ribbed crew neck',
      occasion: 'Casual outings, parties, college',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Machine wash cold inside out; dry flat',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#3a0ca3', accent: '#f72585', print: 'diamond' },
    imageCount: 3,
  },
  {
    slug: 'smoke-signal-hoodie',
    name: 'Smoke Signal Hoodie',
    priceRupees: 1799,
    sizes: ['S', 'M', 'L', 'XL'],
    collection: 'trap-themed',
    category: 'sweatshirts',
    description:
      'An ash-grey hoodie with off-white flame outlines that look hand-drawn on a bathroom wall.',
    fullDescription:
      'Inspired by the tags and doodles that cover the walls of every underground venue, the Smoke Signal Hoodie puts bold off-white flame outlines on a washed ash-grey fleece. The wash gives it a broken-in look from day one, the ribbed hem has a little stretch for layering, and the hood is big enough to hide from the world when you need to.',
    manufactureAndCare:
      'Cut and sewn in Ludhiana, India from heavyweight 340 GSM cotton-poly fleece with a peached inner face. Machine wash cold on a gentle cycle, dry flat to keep the ribbing in shape, and iron inside out on low.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Hand-drawn flame outlines on washed fleece',
      fit: 'Relaxed fit with kangaroo pocket',
      neck: 'Oversized hood with drawcords',
      occasion: 'Everyday street wear, gigs',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Machine wash cold inside out; dry flat',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#5c5c5c', accent: '#f1faee', print: 'flame' },
    imageCount: 3,
  },
  {
    slug: 'garba-raas-hoodie',
    name: 'Garba Raas Hoodie',
    priceRupees: 1899,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'other-designs',
    category: 'sweatshirts',
    description:
      'A rose-red hoodie with a golden mandala wheel that spins like a circle of garba dancers.',
    fullDescription:
      'Nine nights of circles: dancers moving round the lamp, claps in perfect time, skirts flaring in every colour. The Garba Raas Hoodie captures that rhythm in a concentric mandala printed in turmeric gold on rose red. Lightweight terry keeps you cool enough to dance in, and the relaxed fit looks just as good over a festive top as over a plain tee.',
    manufactureAndCare:
      'Knitted and printed in Tiruppur, India from 320 GSM brushed-back cotton fleece (80% cotton, 20% polyester). Machine wash cold inside out with similar colours, do not bleach, tumble dry low or dry flat, and never iron directly on the print.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Concentric mandala chest print',
      fit: 'Relaxed fit with kangaroo pocket',
      neck: 'Lined hood with drawcords',
      occasion: 'Navratri nights, festive gatherings',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Machine wash cold inside out; dry flat',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#d1495b', accent: '#edae49', print: 'mandala' },
    imageCount: 4,
  },
  {
    slug: 'bandhani-bloom-sweatshirt',
    name: 'Bandhani Bloom Sweatshirt',
    priceRupees: 1499,
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    collection: 'other-designs',
    category: 'sweatshirts',
    description:
      'A sindoor-red crewneck with tiny bandhani dots arranged in blooming clusters.',
    fullDescription:
      'Bandhani is one of the oldest tie-dye crafts in the world, and Gujarat and Rajasthan still do it best. We translated its tiny tied dots into a cream print that blooms across a deep red crewneck, so you get the festive feel without the fuss of a dupatta. Soft, breathable terry and a clean ribbed neckline make it easy to style from morning aarti to late-night raas.',
    manufactureAndCare:
      'Made in India from 300 GSM loopknit French terry in 100% combed cotton, garment-washed for softness. Wash cold inside out, skip the fabric softener to keep the print crisp, and dry in shade.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Bandhani-inspired dot clusters',
      fit: 'Relaxed fit with a ribbed hem',
      neck: 'Ribbed crew neck',
      occasion: 'Festive days, family gatherings, Navratri',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Machine wash cold inside out; dry flat',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#c1121f', accent: '#fdf0d5', print: 'dots' },
    imageCount: 3,
  },
  {
    slug: 'nine-nights-mandala-hoodie',
    name: 'Nine Nights Mandala Hoodie',
    priceRupees: 1999,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'other-designs',
    category: 'sweatshirts',
    description:
      'A deep purple hoodie with a glowing saffron mandala and nine small stars for the nine nights.',
    fullDescription:
      'Our hero hoodie for the Navratri Drop. A saffron mandala blooms across the back of a rich purple fleece, with nine small stars around it, one for each night of the festival. Inside, the brushed fleece stays soft even after hours of dancing, and a hidden phone pocket in the kangaroo pouch keeps your UPI handy for the midnight snacks.',
    manufactureAndCare:
      'Cut and sewn in Ludhiana, India from heavyweight 340 GSM cotton-poly fleece with a peached inner face. Machine wash cold on a gentle cycle, dry flat to keep the ribbing in shape, and iron inside out on low.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Back mandala print with nine stars',
      fit: 'Relaxed fit with kangaroo pocket',
      neck: 'Double-layer hood with drawcords',
      occasion: 'Navratri, festive evenings, winter outings',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Machine wash cold inside out; dry flat',
    },
    deliveryInfo: { standardDelivery: '4-6 business days', expressDelivery: '2-3 business days', pincodeDelivery: true },
    art: { base: '#3c096c', accent: '#ff9e00', print: 'mandala' },
    imageCount: 4,
  },
  {
    slug: 'marigold-toran-crewneck-sweatshirt',
    name: 'Marigold Toran Crewneck Sweatshirt',
    priceRupees: 1599,
    sizes: ['S', 'M', 'L', 'XL'],
    collection: 'other-designs',
    category: 'sweatshirts',
    description:
      'A marigold-yellow crewneck strung with deep red genda flowers like the toran over your front door.',
    fullDescription:
      'No festival in India begins until the marigold torans go up over the door. This crewneck borrows that welcome: a garland of deep red genda blossoms strung across a sunny marigold body. It is made from a soft cotton-rich terry with a roomy fit, so it is as comfortable for a long day of pandal hopping as it is for sitting on the steps with family.',
    manufactureAndCare:
      'Knitted and printed in Tiruppur, India from 320 GSM brushed-back cotton fleece (80% cotton, 20% polyester). Machine wash cold inside out with similar colours, do not bleach, tumble dry low or dry flat, and never iron directly on the print.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Marigold garland print across the chest',
      fit: 'Relaxed fit with a ribbed hem',
      neck: 'Ribbed crew neck',
      occasion: 'Festivals, pandal hopping, family events',
      sleeveStyle: 'Full sleeves with ribbed cuffs',
      washCare: 'Machine wash cold inside out; dry flat',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#ffb703', accent: '#9d0208', print: 'marigold' },
    imageCount: 3,
  },
  {
    slug: 'astro-kid-oversized-tee',
    name: 'Astro Kid Oversized Tee',
    priceRupees: 999,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'bring-your-childhood',
    category: 'oversized',
    description:
      'A roomy off-white tee with a navy rocket launch for the kid who still looks up at the stars.',
    fullDescription:
      'The oversized cousin of our best-selling Astro Kid Hoodie. A navy rocket leaves a trail of stars across the front of an off-white, heavyweight cotton tee with dropped shoulders and a boxy cut. It is breathable enough for a Chennai afternoon and structured enough to hold its shape tucked into wide-leg trousers.',
    manufactureAndCare:
      'Made in Tiruppur, India from 240 GSM bio-washed 100% combed cotton single jersey. Machine wash cold inside out, do not bleach, line dry in shade and iron inside out on medium heat.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Rocket launch print with star trail',
      fit: 'Oversized boxy fit; size down for a closer fit',
      neck: 'Round neck with a 2 cm ribbed collar',
      occasion: 'Everyday casual, college, travel',
      sleeveStyle: 'Drop-shoulder half sleeves',
      washCare: 'Machine wash cold inside out; do not iron on print',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#f1faee', accent: '#1d3557', print: 'rocket' },
    imageCount: 4,
  },
  {
    slug: 'tiffin-box-heroes-oversized-tee',
    name: 'Tiffin Box Heroes Oversized Tee',
    priceRupees: 899,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'bring-your-childhood',
    category: 'oversized',
    description:
      'A sunny yellow tee with a row of grinning faces, like the stickers on every school tiffin box.',
    fullDescription:
      'Sticker-covered steel tiffin boxes were the original streetwear collab. This tee brings back their cheeky energy with a row of hand-drawn grinning faces in watermelon pink on a bright yellow body. Heavy cotton, a thick ribbed collar and dropped shoulders give it that proper oversized drape.',
    manufactureAndCare:
      'Knitted in India from 220 GSM heavyweight cotton with a pre-shrunk, enzyme-washed finish. Wash cold with similar colours, avoid tumble drying and do not iron on the puff print.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Row of hand-drawn smiley faces',
      fit: 'Oversized boxy fit; size down for a closer fit',
      neck: 'Round neck with a 2 cm ribbed collar',
      occasion: 'Casual outings, college, weekends',
      sleeveStyle: 'Drop-shoulder half sleeves',
      washCare: 'Machine wash cold inside out; do not iron on print',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#ffd166', accent: '#ef476f', print: 'smiley' },
    imageCount: 3,
  },
  {
    slug: 'rainbow-sketchbook-oversized-tee',
    name: 'Rainbow Sketchbook Oversized Tee',
    priceRupees: 949,
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    collection: 'bring-your-childhood',
    category: 'oversized',
    description:
      'A clean white tee with a crayon-bright rainbow, drawn the way we all drew it in drawing class.',
    fullDescription:
      'Mountain, sun, river, rainbow: the classic drawing-class landscape. We kept the best part. A chunky crayon-style rainbow arches across the chest of this soft white oversized tee, in coral, sunflower and sky blue. The heavyweight cotton is pre-shrunk so the boxy fit you buy is the boxy fit you keep.',
    manufactureAndCare:
      'Made in India from 250 GSM organic cotton jersey, screen printed with water-based inks. Hand wash or gentle machine wash cold, dry flat in shade and steam rather than iron.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Crayon-style rainbow chest print',
      fit: 'Oversized boxy fit; size down for a closer fit',
      neck: 'Round neck with a 2 cm ribbed collar',
      occasion: 'Everyday wear, pride month, weekend brunch',
      sleeveStyle: 'Drop-shoulder half sleeves',
      washCare: 'Machine wash cold inside out; do not iron on print',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#fbfbf8', accent: '#ff595e', print: 'rainbow' },
    imageCount: 3,
  },
  {
    slug: 'pixel-quest-oversized-tee',
    name: 'Pixel Quest Oversized Tee',
    priceRupees: 999,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'bring-your-childhood',
    category: 'oversized',
    description:
      'A deep teal tee with a mustard controller for everyone who blew into cartridges to make them work.',
    fullDescription:
      'Did blowing into the cartridge actually fix anything? We will never know, but we all did it. The Pixel Quest Oversized Tee celebrates the era of 9999-in-1 game cartridges with a chunky mustard controller on deep teal cotton. Dropped shoulders, a wide body and a slightly cropped length make it work with everything from joggers to cargos.',
    manufactureAndCare:
      'Made in Tiruppur, India from 240 GSM bio-washed 100% combed cotton single jersey. Machine wash cold inside out, do not bleach, line dry in shade and iron inside out on medium heat.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Retro game controller print',
      fit: 'Oversized boxy fit; size down for a closer fit',
      neck: 'Round neck with a 2 cm ribbed collar',
      occasion: 'Gaming sessions, casual outings, college',
      sleeveStyle: 'Drop-shoulder half sleeves',
      washCare: 'Machine wash cold inside out; do not iron on print',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#264653', accent: '#e9c46a', print: 'gamepad' },
    imageCount: 4,
  },
  {
    slug: 'bubblegum-summers-oversized-tee',
    name: 'Bubblegum Summers Oversized Tee',
    priceRupees: 899,
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    collection: 'bring-your-childhood',
    category: 'oversized',
    description:
      'A bubblegum-pink tee with fluffy blue clouds, inspired by the summer holidays at Nani\'s house.',
    fullDescription:
      'Two months of summer vacation, a box of bubblegum with tattoo wrappers and afternoons spent watching clouds from the charpai. This oversized tee floats a few cartoon clouds across a bubblegum-pink body in cobalt blue. The cotton is light and airy, so it is made for the months when the sun refuses to take a break.',
    manufactureAndCare:
      'Knitted in India from 220 GSM heavyweight cotton with a pre-shrunk, enzyme-washed finish. Wash cold with similar colours, avoid tumble drying and do not iron on the puff print.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Cartoon cloud print',
      fit: 'Oversized boxy fit; size down for a closer fit',
      neck: 'Round neck with a 2 cm ribbed collar',
      occasion: 'Summer days, vacations, casual wear',
      sleeveStyle: 'Drop-shoulder half sleeves',
      washCare: 'Machine wash cold inside out; do not iron on print',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#ffafcc', accent: '#3a86ff', print: 'cloud' },
    imageCount: 3,
  },
  {
    slug: 'drip-check-oversized-tee',
    name: 'Drip Check Oversized Tee',
    priceRupees: 1099,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'oversized',
    description:
      'A black oversized tee with icy-blue paint drips running down from the collar.',
    fullDescription:
      'Drip check passed. Icy-blue paint appears to run from the collar of this jet-black oversized tee, printed in a puff ink that stands up off the fabric so it feels as good as it looks. The 240 GSM cotton has a dense, premium hand, the shoulders drop just right, and the longer back hem gives it a clean line from every angle.',
    manufactureAndCare:
      'Made in India from 250 GSM organic cotton jersey, screen printed with water-based inks. Hand wash or gentle machine wash cold, dry flat in shade and steam rather than iron.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Puff-print paint drips from the collar',
      fit: 'Oversized boxy fit; size down for a closer fit',
      neck: 'Round neck with a 2 cm ribbed collar',
      occasion: 'Night outs, concerts, street style shoots',
      sleeveStyle: 'Drop-shoulder half sleeves',
      washCare: 'Machine wash cold inside out; do not iron on print',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#0b0b0b', accent: '#4cc9f0', print: 'drip' },
    imageCount: 4,
  },
  {
    slug: 'auto-tune-angel-oversized-tee',
    name: 'Auto-Tune Angel Oversized Tee',
    priceRupees: 999,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'oversized',
    description:
      'A light grey tee scattered with purple stars, for voices that were always meant to be processed.',
    fullDescription:
      'A love letter to the melodic side of trap, where every vocal shimmers and every hook sounds like it was beamed down from space. Deep purple stars of different sizes are scattered across a soft heather-grey body. It is a quieter piece from the Trap Themed collection, but the fit is every bit as loud.',
    manufactureAndCare:
      'Made in Tiruppur, India from 240 GSM bio-washed 100% combed cotton single jersey. Machine wash cold inside out, do not bleach, line dry in shade and iron inside out on medium heat.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Scattered star print',
      fit: 'Oversized boxy fit; size down for a closer fit',
      neck: 'Round neck with a 2 cm ribbed collar',
      occasion: 'Concerts, casual wear, layering',
      sleeveStyle: 'Drop-shoulder half sleeves',
      washCare: 'Machine wash cold inside out; do not iron on print',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#e5e5e5', accent: '#7209b7', print: 'stars' },
    imageCount: 3,
  },
  {
    slug: 'subwoofer-season-oversized-tee',
    name: 'Subwoofer Season Oversized Tee',
    priceRupees: 1099,
    sizes: ['M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'oversized',
    description:
      'A navy tee with a stacked speaker graphic for those who judge a car by its bass.',
    fullDescription:
      'You can hear this tee coming from three streets away. An amber speaker stack with twin woofers sits front and centre on a deep navy oversized tee, a tribute to the modified cars and sound systems that shake every wedding baraat. The cotton is heavy, the collar is thick, and the drop-shoulder silhouette is built to look good leaning on a bonnet.',
    manufactureAndCare:
      'Knitted in India from 220 GSM heavyweight cotton with a pre-shrunk, enzyme-washed finish. Wash cold with similar colours, avoid tumble drying and do not iron on the puff print.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Speaker stack chest print',
      fit: 'Oversized boxy fit; size down for a closer fit',
      neck: 'Round neck with a 2 cm ribbed collar',
      occasion: 'Road trips, parties, street meets',
      sleeveStyle: 'Drop-shoulder half sleeves',
      washCare: 'Machine wash cold inside out; do not iron on print',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#14213d', accent: '#fca311', print: 'speaker' },
    imageCount: 4,
  },
  {
    slug: 'street-prophet-oversized-tee',
    name: 'Street Prophet Oversized Tee',
    priceRupees: 1049,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'oversized',
    description:
      'A deep olive tee with an all-seeing eye, because the streets always know first.',
    fullDescription:
      'Trends start on the street long before they hit the runway, and the Street Prophet sees them coming. A tan all-seeing eye with sun rays watches from the chest of this dark olive oversized tee. Garment-washed cotton gives it a soft vintage feel, and the wide cut layers perfectly under an open overshirt.',
    manufactureAndCare:
      'Made in India from 250 GSM organic cotton jersey, screen printed with water-based inks. Hand wash or gentle machine wash cold, dry flat in shade and steam rather than iron.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'All-seeing eye with ray lines',
      fit: 'Oversized boxy fit; size down for a closer fit',
      neck: 'Round neck with a 2 cm ribbed collar',
      occasion: 'Everyday street wear, college, shoots',
      sleeveStyle: 'Drop-shoulder half sleeves',
      washCare: 'Machine wash cold inside out; do not iron on print',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#283618', accent: '#dda15e', print: 'eye' },
    imageCount: 3,
  },
  {
    slug: 'trap-crown-oversized-tee',
    name: 'Trap Crown Oversized Tee',
    priceRupees: 1149,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'oversized',
    description:
      'Our signature black oversized tee with a bold yellow crown, the emblem of the Trap Themed collection.',
    fullDescription:
      'If you only own one piece from the Trap Themed collection, make it this one. A bold, slightly off-kilter yellow crown sits across the chest of a heavyweight black oversized tee, with a small crown repeated on the back neck. It is the uniform of the underground: simple, loud and made to be worn until the print cracks.',
    manufactureAndCare:
      'Made in Tiruppur, India from 240 GSM bio-washed 100% combed cotton single jersey. Machine wash cold inside out, do not bleach, line dry in shade and iron inside out on medium heat.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Bold crown chest print with back neck hit',
      fit: 'Oversized boxy fit; size down for a closer fit',
      neck: 'Round neck with a 2 cm ribbed collar',
      occasion: 'Everyday, gigs, street style',
      sleeveStyle: 'Drop-shoulder half sleeves',
      washCare: 'Machine wash cold inside out; do not iron on print',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#121212', accent: '#ffd60a', print: 'crown' },
    imageCount: 4,
  },
  {
    slug: 'dandiya-beat-oversized-tee',
    name: 'Dandiya Beat Oversized Tee',
    priceRupees: 999,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'other-designs',
    category: 'oversized',
    description:
      'A cream oversized tee with red dandiya sticks crossing in rhythm across the chest.',
    fullDescription:
      'Tak, tak, tak: the sound of a thousand dandiya sticks meeting in time. The Dandiya Beat Oversized Tee puts a pair of crossed, beribboned sticks in deep red on a soft cream body, with small dots of colour around them like the flying sparkle of mirror work. Cool, breathable cotton and a relaxed cut make it easy to dance in all night.',
    manufactureAndCare:
      'Knitted in India from 220 GSM heavyweight cotton with a pre-shrunk, enzyme-washed finish. Wash cold with similar colours, avoid tumble drying and do not iron on the puff print.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Crossed dandiya sticks with ribbon details',
      fit: 'Oversized boxy fit; size down for a closer fit',
      neck: 'Round neck with a 2 cm ribbed collar',
      occasion: 'Navratri, dandiya nights, festive casual',
      sleeveStyle: 'Drop-shoulder half sleeves',
      washCare: 'Machine wash cold inside out; do not iron on print',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#fefae0', accent: '#bc4749', print: 'dandiya' },
    imageCount: 4,
  },
  {
    slug: 'dhol-tasha-oversized-tee',
    name: 'Dhol Tasha Oversized Tee',
    priceRupees: 1049,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'other-designs',
    category: 'oversized',
    description:
      'A deep maroon tee with a cream dhol graphic that you can almost hear from across the road.',
    fullDescription:
      'When the dhol tasha pathak turns the corner, nobody stands still. This oversized tee honours the drummers who set the pace of every festival procession with a bold cream dhol and its criss-cross ropes printed on deep maroon cotton. It is heavy enough to last years of processions and soft enough to sleep in afterwards.',
    manufactureAndCare:
      'Made in India from 250 GSM organic cotton jersey, screen printed with water-based inks. Hand wash or gentle machine wash cold, dry flat in shade and steam rather than iron.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Dhol drum print with rope lacing',
      fit: 'Oversized boxy fit; size down for a closer fit',
      neck: 'Round neck with a 2 cm ribbed collar',
      occasion: 'Festival processions, Navratri, casual outings',
      sleeveStyle: 'Drop-shoulder half sleeves',
      washCare: 'Machine wash cold inside out; do not iron on print',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#780000', accent: '#fdf0d5', print: 'dhol' },
    imageCount: 3,
  },
  {
    slug: 'lotus-loop-oversized-tee',
    name: 'Lotus Loop Oversized Tee',
    priceRupees: 949,
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    collection: 'other-designs',
    category: 'oversized',
    description:
      'A blush-pink tee with a looping magenta lotus, a calm pick from the Navratri Drop.',
    fullDescription:
      'Not every festive outfit needs to shout. The Lotus Loop Oversized Tee is the gentle piece of the Navratri Drop: a single magenta lotus drawn in flowing lines on a blush-pink body. Wear it with white cargos for a daytime puja, or under our Peacock Pankh Jacket when the evening gets going.',
    manufactureAndCare:
      'Made in Tiruppur, India from 240 GSM bio-washed 100% combed cotton single jersey. Machine wash cold inside out, do not bleach, line dry in shade and iron inside out on medium heat.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Line-art lotus chest print',
      fit: 'Oversized boxy fit; size down for a closer fit',
      neck: 'Round neck with a 2 cm ribbed collar',
      occasion: 'Festive daytime, puja, casual wear',
      sleeveStyle: 'Drop-shoulder half sleeves',
      washCare: 'Machine wash cold inside out; do not iron on print',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#ffe5ec', accent: '#c9184a', print: 'lotus' },
    imageCount: 3,
  },
  {
    slug: 'chaniya-choli-check-oversized-tee',
    name: 'Chaniya Choli Check Oversized Tee',
    priceRupees: 999,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'other-designs',
    category: 'oversized',
    description:
      'A peacock-teal tee with a peach check pattern borrowed from a grandmother\'s chaniya choli.',
    fullDescription:
      'Every family has that one chaniya choli that gets passed down and re-stitched for every Navratri. We borrowed the bold checks from ours and printed them in soft peach over a peacock-teal oversized tee. It brings the festive palette without the weight of traditional wear, and it washes easily after a night of dancing.',
    manufactureAndCare:
      'Knitted in India from 220 GSM heavyweight cotton with a pre-shrunk, enzyme-washed finish. Wash cold with similar colours, avoid tumble drying and do not iron on the puff print.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'All-over festive check pattern',
      fit: 'Oversized boxy fit; size down for a closer fit',
      neck: 'Round neck with a 2 cm ribbed collar',
      occasion: 'Navratri, festive casual, college fests',
      sleeveStyle: 'Drop-shoulder half sleeves',
      washCare: 'Machine wash cold inside out; do not iron on print',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#006d77', accent: '#ffddd2', print: 'checks' },
    imageCount: 4,
  },
  {
    slug: 'comic-strip-pow-tee',
    name: 'Comic Strip Pow Tee',
    priceRupees: 699,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    collection: 'bring-your-childhood',
    category: 'regular-fit',
    description:
      'A warm white tee with a red comic-book burst for everyone who read comics hidden inside textbooks.',
    fullDescription:
      'The best comics were always the ones you read hidden inside your history textbook. This regular-fit tee puts a bold red starburst right on the chest, the kind that used to frame every punch and explosion in those dog-eared comics. Soft, bio-washed cotton and a clean round neck make it an easy everyday favourite.',
    manufactureAndCare:
      'Made in Tiruppur, India from 180 GSM 100% combed cotton, bio-washed for a soft hand feel. Machine wash cold inside out, do not bleach, line dry and iron inside out on medium heat.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Comic starburst chest print',
      fit: 'Regular fit, true to size',
      neck: 'Round neck',
      occasion: 'Everyday casual, college, weekends',
      sleeveStyle: 'Half sleeves',
      washCare: 'Machine wash cold; line dry in shade',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#fff1e6', accent: '#e63946', print: 'burst' },
    imageCount: 3,
  },
  {
    slug: 'school-bus-window-tee',
    name: 'School Bus Window Tee',
    priceRupees: 599,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    collection: 'bring-your-childhood',
    category: 'regular-fit',
    description:
      'A school-bus-yellow tee with black stripes like the window bars you pressed your face against.',
    fullDescription:
      'Window seat, wind in your hair, and the whole bus singing the same film song on the way back from a school picnic. This tee brings back the yellow of that bus with bold black stripes across the body. The regular fit and breathable cotton make it a dependable pick for any day of the week.',
    manufactureAndCare:
      'Knitted in India from 190 GSM cotton-lycra (95/5) jersey that keeps its shape wash after wash. Wash cold, do not wring, dry in shade and avoid ironing over the print.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Bold horizontal stripes',
      fit: 'Regular fit, true to size',
      neck: 'Round neck',
      occasion: 'Everyday casual, outings, travel',
      sleeveStyle: 'Half sleeves',
      washCare: 'Machine wash cold; line dry in shade',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#ffbe0b', accent: '#1d1d1d', print: 'stripes' },
    imageCount: 3,
  },
  {
    slug: 'vhs-rewind-regular-fit-tee',
    name: 'VHS Rewind Regular Fit Tee',
    priceRupees: 749,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'bring-your-childhood',
    category: 'regular-fit',
    description:
      'A gunmetal tee with a red tape graphic for the Sunday film on Doordarshan and the video library down the lane.',
    fullDescription:
      'Rent a tape on Friday, return it rewound on Monday, pay a fine if you forgot. The VHS Rewind Tee remembers the video library era with a bold red tape graphic on a gunmetal body. Cut in a regular fit from soft combed cotton, it sits neatly under an overshirt and works on its own with jeans.',
    manufactureAndCare:
      'Made in India from 180 GSM supima-blend cotton with plastisol-free, water-based prints. Gentle machine wash cold with similar colours, line dry, warm iron on the reverse.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Video tape chest graphic',
      fit: 'Regular fit, true to size',
      neck: 'Round neck',
      occasion: 'Movie nights, casual outings, college',
      sleeveStyle: 'Half sleeves',
      washCare: 'Machine wash cold; line dry in shade',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#2b2d42', accent: '#ef233c', print: 'cassette' },
    imageCount: 4,
  },
  {
    slug: 'cloud-nine-daydream-tee',
    name: 'Cloud Nine Daydream Tee',
    priceRupees: 649,
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    collection: 'bring-your-childhood',
    category: 'regular-fit',
    description:
      'A pale sky tee with cobalt clouds for the kid who stared out of the classroom window all day.',
    fullDescription:
      'The teacher said "pay attention", but the clouds outside were clearly more interesting. This pale sky-blue tee is for every daydreamer, with cobalt clouds drifting across the chest. Light, breathable cotton and a regular fit make it an easy choice for hot afternoons, lazy Sundays and long train journeys.',
    manufactureAndCare:
      'Made in Tiruppur, India from 180 GSM 100% combed cotton, bio-washed for a soft hand feel. Machine wash cold inside out, do not bleach, line dry and iron inside out on medium heat.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Drifting cloud print',
      fit: 'Regular fit, true to size',
      neck: 'Round neck',
      occasion: 'Summer casual, travel, weekends',
      sleeveStyle: 'Half sleeves',
      washCare: 'Machine wash cold; line dry in shade',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#caf0f8', accent: '#0077b6', print: 'cloud' },
    imageCount: 3,
  },
  {
    slug: 'low-end-theory-tee',
    name: 'Low End Theory Tee',
    priceRupees: 799,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'regular-fit',
    description:
      'A black tee with lime waveform lines that pulse like a sub-bass on a club system.',
    fullDescription:
      'Low end is the foundation of every trap track, and this tee wears it proudly. Lime waveform lines roll across the chest of a sharp black regular-fit tee, with a small crown tagged on the back. Combed cotton with a touch of stretch keeps it fitted without clinging, even in the crowd at the front of the stage.',
    manufactureAndCare:
      'Knitted in India from 190 GSM cotton-lycra (95/5) jersey that keeps its shape wash after wash. Wash cold, do not wring, dry in shade and avoid ironing over the print.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Sub-bass waveform print',
      fit: 'Regular fit, true to size',
      neck: 'Round neck',
      occasion: 'Concerts, night outs, everyday',
      sleeveStyle: 'Half sleeves',
      washCare: 'Machine wash cold; line dry in shade',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#1a1a1a', accent: '#e9ff70', print: 'waves' },
    imageCount: 3,
  },
  {
    slug: 'hustle-hours-regular-fit-tee',
    name: 'Hustle Hours Regular Fit Tee',
    priceRupees: 749,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'regular-fit',
    description:
      'A slate-grey tee with a sunny lightning bolt for the side hustle that keeps you up past midnight.',
    fullDescription:
      'Day job, side hustle, mixtape, small business: the grind never really stops. The Hustle Hours Tee gives it a uniform, with a sunny yellow lightning bolt striking across a slate-grey regular-fit body. It is the kind of tee you can wear to a meeting under a blazer and to the gym afterwards.',
    manufactureAndCare:
      'Made in India from 180 GSM supima-blend cotton with plastisol-free, water-based prints. Gentle machine wash cold with similar colours, line dry, warm iron on the reverse.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Lightning bolt chest print',
      fit: 'Regular fit, true to size',
      neck: 'Round neck',
      occasion: 'Everyday, work-from-cafe, gym',
      sleeveStyle: 'Half sleeves',
      washCare: 'Machine wash cold; line dry in shade',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#495057', accent: '#ffd166', print: 'lightning' },
    imageCount: 3,
  },
  {
    slug: 'diamond-cut-tee',
    name: 'Diamond Cut Tee',
    priceRupees: 849,
    sizes: ['S', 'M', 'L', 'XL'],
    collection: 'trap-themed',
    category: 'regular-fit',
    description:
      'A crisp white tee with a faceted royal-blue diamond, clean enough for day and sharp enough for night.',
    fullDescription:
      'Sometimes the loudest flex is a simple one. A faceted royal-blue diamond sits neatly on the chest of this crisp white tee, drawn with clean lines so it looks sharp up close and from across the room. The cotton has a slight sheen from the supima blend and a regular fit that sits neatly on the shoulders.',
    manufactureAndCare:
      'Made in Tiruppur, India from 180 GSM 100% combed cotton, bio-washed for a soft hand feel. Machine wash cold inside out, do not bleach, line dry and iron inside out on medium heat.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Faceted diamond chest print',
      fit: 'Regular fit, true to size',
      neck: 'Round neck',
      occasion: 'Everyday, dates, casual parties',
      sleeveStyle: 'Half sleeves',
      washCare: 'Machine wash cold; line dry in shade',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#f8f9fa', accent: '#4361ee', print: 'diamond' },
    imageCount: 4,
  },
  {
    slug: 'burning-verse-tee',
    name: 'Burning Verse Tee',
    priceRupees: 799,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'regular-fit',
    description:
      'A dark wine tee with amber flames for the rapper who writes in the notes app on the bus.',
    fullDescription:
      'Every verse starts somewhere, usually in a notes app on a crowded bus. This one is for the writers. Amber flames curl up from the hem of a deep wine regular-fit tee, bright enough to stand out on stage and soft enough for the long writing sessions that come before it.',
    manufactureAndCare:
      'Knitted in India from 190 GSM cotton-lycra (95/5) jersey that keeps its shape wash after wash. Wash cold, do not wring, dry in shade and avoid ironing over the print.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Flame print rising from the hem',
      fit: 'Regular fit, true to size',
      neck: 'Round neck',
      occasion: 'Open mics, concerts, casual wear',
      sleeveStyle: 'Half sleeves',
      washCare: 'Machine wash cold; line dry in shade',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#370617', accent: '#f48c06', print: 'flame' },
    imageCount: 3,
  },
  {
    slug: 'garba-circle-tee',
    name: 'Garba Circle Tee',
    priceRupees: 699,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    collection: 'other-designs',
    category: 'regular-fit',
    description:
      'A butter-yellow tee with a brick-red mandala that echoes the circles of a garba night.',
    fullDescription:
      'Garba is danced in circles within circles, and from above it looks just like a mandala. We drew ours in brick red on a butter-yellow regular-fit tee, a festive colour pair that looks great in daylight photos and under pandal lights alike. Lightweight cotton keeps you cool through every round.',
    manufactureAndCare:
      'Made in India from 180 GSM supima-blend cotton with plastisol-free, water-based prints. Gentle machine wash cold with similar colours, line dry, warm iron on the reverse.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Mandala chest print',
      fit: 'Regular fit, true to size',
      neck: 'Round neck',
      occasion: 'Navratri, festive casual, daytime events',
      sleeveStyle: 'Half sleeves',
      washCare: 'Machine wash cold; line dry in shade',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#fff3b0', accent: '#9e2a2b', print: 'mandala' },
    imageCount: 3,
  },
  {
    slug: 'diya-glow-regular-fit-tee',
    name: 'Diya Glow Regular Fit Tee',
    priceRupees: 749,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'other-designs',
    category: 'regular-fit',
    description:
      'A deep indigo tee with a glowing golden diya, made for festive nights that run late.',
    fullDescription:
      'A single diya can light up a whole room, and this tee can light up a whole outfit. A golden oil lamp with a warm flame glows on a deep indigo body, printed with inks that stay vivid wash after wash. The regular fit is easy to dress up with a Nehru jacket or keep casual with denims.',
    manufactureAndCare:
      'Made in Tiruppur, India from 180 GSM 100% combed cotton, bio-washed for a soft hand feel. Machine wash cold inside out, do not bleach, line dry and iron inside out on medium heat.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Glowing diya chest print',
      fit: 'Regular fit, true to size',
      neck: 'Round neck',
      occasion: 'Festive nights, Navratri, Diwali',
      sleeveStyle: 'Half sleeves',
      washCare: 'Machine wash cold; line dry in shade',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#240046', accent: '#ffb703', print: 'diya' },
    imageCount: 4,
  },
  {
    slug: 'peacock-feather-tee',
    name: 'Peacock Feather Tee',
    priceRupees: 699,
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    collection: 'other-designs',
    category: 'regular-fit',
    description:
      'A soft mint tee with a single ocean-blue peacock feather curving across the chest.',
    fullDescription:
      'A gentle festive piece from the Navratri Drop. One long peacock feather curves across the chest of this soft mint tee in deep ocean blue, its eye drawn with fine concentric lines. It is light, breathable and pairs easily with ethnic bottoms as well as everyday denims.',
    manufactureAndCare:
      'Knitted in India from 190 GSM cotton-lycra (95/5) jersey that keeps its shape wash after wash. Wash cold, do not wring, dry in shade and avoid ironing over the print.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Single peacock feather print',
      fit: 'Regular fit, true to size',
      neck: 'Round neck',
      occasion: 'Festive daytime, college, casual wear',
      sleeveStyle: 'Half sleeves',
      washCare: 'Machine wash cold; line dry in shade',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#e9f5db', accent: '#05668d', print: 'peacock' },
    imageCount: 3,
  },
  {
    slug: 'bandhani-dot-tee',
    name: 'Bandhani Dot Tee',
    priceRupees: 649,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    collection: 'other-designs',
    category: 'regular-fit',
    description:
      'A crimson tee with an all-over bandhani dot print, like a festive dupatta turned into a tee.',
    fullDescription:
      'All the colour and pattern of a bandhani dupatta, without the drape. Tiny cream dots are arranged in neat rows across a deep crimson tee, just like the tied and dyed fabrics of Jamnagar. It is an easy festive option for college, office or the family dinner after garba.',
    manufactureAndCare:
      'Made in India from 180 GSM supima-blend cotton with plastisol-free, water-based prints. Gentle machine wash cold with similar colours, line dry, warm iron on the reverse.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'All-over bandhani dot print',
      fit: 'Regular fit, true to size',
      neck: 'Round neck',
      occasion: 'Navratri, festive office days, family events',
      sleeveStyle: 'Half sleeves',
      washCare: 'Machine wash cold; line dry in shade',
    },
    deliveryInfo: { standardDelivery: '5-7 business days', expressDelivery: 'Not available for this item', pincodeDelivery: false },
    art: { base: '#9d0208', accent: '#ffe8d6', print: 'dots' },
    imageCount: 3,
  },
  {
    slug: 'dandiya-sticks-regular-fit-tee',
    name: 'Dandiya Sticks Regular Fit Tee',
    priceRupees: 749,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'other-designs',
    category: 'regular-fit',
    description:
      'A light cream tee with teal dandiya sticks for a fresh, cool take on festive colours.',
    fullDescription:
      'Who said festive wear has to be red and gold? This tee swaps the classic palette for cool teal dandiya sticks on a light cream body, with little tassels hanging from each stick. Combed cotton in a regular fit means you can dance in it, travel in it, and wear it long after Navratri ends.',
    manufactureAndCare:
      'Made in Tiruppur, India from 180 GSM 100% combed cotton, bio-washed for a soft hand feel. Machine wash cold inside out, do not bleach, line dry and iron inside out on medium heat.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Crossed dandiya sticks with tassels',
      fit: 'Regular fit, true to size',
      neck: 'Round neck',
      occasion: 'Dandiya nights, festive casual, travel',
      sleeveStyle: 'Half sleeves',
      washCare: 'Machine wash cold; line dry in shade',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#fdfcdc', accent: '#0081a7', print: 'dandiya' },
    imageCount: 3,
  },
  {
    slug: 'retro-arcade-polo',
    name: 'Retro Arcade Polo',
    priceRupees: 1199,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'bring-your-childhood',
    category: 'polos',
    description:
      'A navy pique polo with a small embroidered controller on the chest, for grown-up gamers.',
    fullDescription:
      'Grew up in the arcade, now sitting in meetings? This polo gets it. A small off-white game controller is embroidered on the chest of a navy cotton pique polo, so only those who know will notice. The flat-knit collar holds its shape, the three-button placket sits flat, and side vents keep it tidy untucked.',
    manufactureAndCare:
      'Made in Tiruppur, India from 220 GSM 100% cotton pique with a flat-knit collar and tipped cuffs. Machine wash cold, do not bleach, dry flat to keep the collar crisp and iron on medium.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Embroidered game controller chest logo',
      fit: 'Regular fit with side vents',
      neck: 'Flat-knit polo collar with a 3-button placket',
      occasion: 'Office casual, weekends, dinners',
      sleeveStyle: 'Half sleeves with ribbed armbands',
      washCare: 'Machine wash cold; dry flat to keep the collar in shape',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#1d3557', accent: '#f1faee', print: 'gamepad' },
    imageCount: 3,
  },
  {
    slug: 'sunday-cartoon-club-polo',
    name: 'Sunday Cartoon Club Polo',
    priceRupees: 1099,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    collection: 'bring-your-childhood',
    category: 'polos',
    description:
      'A peach polo with tiny smiley faces, the official uniform of the Sunday morning cartoon club.',
    fullDescription:
      'Membership requirements: waking up at 7 a.m. on a Sunday without an alarm. The Sunday Cartoon Club Polo is dotted with tiny mauve smileys on a soft peach pique, a playful twist on a smart silhouette. Tipped collar, ribbed armbands and a relaxed regular fit make it easy to wear to brunch or a casual office day.',
    manufactureAndCare:
      'Knitted in India from 210 GSM cotton-poly honeycomb pique that breathes in humid weather. Wash cold inside out, button the placket before washing, line dry in shade.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Mini smiley face repeat print',
      fit: 'Regular fit with side vents',
      neck: 'Flat-knit polo collar with a 3-button placket',
      occasion: 'Brunch, casual Fridays, weekends',
      sleeveStyle: 'Half sleeves with ribbed armbands',
      washCare: 'Machine wash cold; dry flat to keep the collar in shape',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#ffb4a2', accent: '#6d6875', print: 'smiley' },
    imageCount: 3,
  },
  {
    slug: 'lunch-break-stripe-polo',
    name: 'Lunch Break Stripe Polo',
    priceRupees: 999,
    sizes: ['S', 'M', 'L', 'XL'],
    collection: 'bring-your-childhood',
    category: 'polos',
    description:
      'A cream polo with teal stripes that feels like the school uniform you actually liked.',
    fullDescription:
      'The school uniform was never this comfortable. Our Lunch Break Polo has crisp teal stripes on a cream pique body, a contrast collar and a relaxed fit that works tucked into chinos or loose over shorts. It is a throwback to the best part of the school day, when the bell rang and the tiffins came out.',
    manufactureAndCare:
      'Made in India from 200 GSM mercerised cotton pique with a subtle sheen. Hand wash or gentle cycle in cold water, do not tumble dry, warm iron on the reverse side.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Horizontal stripes with contrast collar',
      fit: 'Regular fit with side vents',
      neck: 'Flat-knit polo collar with a 3-button placket',
      occasion: 'Casual office, college, weekend outings',
      sleeveStyle: 'Half sleeves with ribbed armbands',
      washCare: 'Machine wash cold; dry flat to keep the collar in shape',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#fefae0', accent: '#2a9d8f', print: 'stripes' },
    imageCount: 4,
  },
  {
    slug: 'moon-landing-polo',
    name: 'Moon Landing Polo',
    priceRupees: 1299,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'bring-your-childhood',
    category: 'polos',
    description:
      'A midnight polo with a pale planet emblem, inspired by the space posters on our childhood walls.',
    fullDescription:
      'Every childhood bedroom had that glossy solar-system poster. The Moon Landing Polo keeps it subtle, with a pale ringed planet on the chest of a midnight-blue mercerised pique. The fabric has a gentle sheen, the collar stays crisp, and the fit is polished enough for dinner and relaxed enough for the drive there.',
    manufactureAndCare:
      'Made in Tiruppur, India from 220 GSM 100% cotton pique with a flat-knit collar and tipped cuffs. Machine wash cold, do not bleach, dry flat to keep the collar crisp and iron on medium.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Ringed planet chest emblem',
      fit: 'Regular fit with side vents',
      neck: 'Flat-knit polo collar with a 3-button placket',
      occasion: 'Dinners, office casual, events',
      sleeveStyle: 'Half sleeves with ribbed armbands',
      washCare: 'Machine wash cold; dry flat to keep the collar in shape',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#22223b', accent: '#f2e9e4', print: 'planet' },
    imageCount: 3,
  },
  {
    slug: 'cypher-club-polo',
    name: 'Cypher Club Polo',
    priceRupees: 1399,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'polos',
    description:
      'A black polo with a sand-toned crown, the smart side of the Trap Themed collection.',
    fullDescription:
      'For the nights that need a collar. The Cypher Club Polo pairs a sleek black mercerised pique with a sand-coloured crown on the chest, a subtle sign that you belong to the scene. A concealed placket and a structured collar give it a sharp finish under a bomber or on its own.',
    manufactureAndCare:
      'Knitted in India from 210 GSM cotton-poly honeycomb pique that breathes in humid weather. Wash cold inside out, button the placket before washing, line dry in shade.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Crown chest emblem on mercerised pique',
      fit: 'Regular fit with side vents',
      neck: 'Flat-knit polo collar with a 3-button placket',
      occasion: 'Clubs, dinners, events',
      sleeveStyle: 'Half sleeves with ribbed armbands',
      washCare: 'Machine wash cold; dry flat to keep the collar in shape',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#0a0908', accent: '#c6ac8f', print: 'crown' },
    imageCount: 4,
  },
  {
    slug: 'bassline-pique-polo',
    name: 'Bassline Pique Polo',
    priceRupees: 1199,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'polos',
    description:
      'A royal-purple polo with lilac sound waves, tailored for the producer who likes to look sharp.',
    fullDescription:
      'Studio sessions do not have to mean sweatpants. The Bassline Pique Polo brings soft lilac waveforms across the chest of a royal-purple pique, with a tonal collar and ribbed armbands. Breathable honeycomb knit keeps you cool under the studio lights and on the walk to the cafe afterwards.',
    manufactureAndCare:
      'Made in India from 200 GSM mercerised cotton pique with a subtle sheen. Hand wash or gentle cycle in cold water, do not tumble dry, warm iron on the reverse side.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Waveform chest print',
      fit: 'Regular fit with side vents',
      neck: 'Flat-knit polo collar with a 3-button placket',
      occasion: 'Studio days, casual office, outings',
      sleeveStyle: 'Half sleeves with ribbed armbands',
      washCare: 'Machine wash cold; dry flat to keep the collar in shape',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#5a189a', accent: '#e0aaff', print: 'waves' },
    imageCount: 3,
  },
  {
    slug: 'chain-link-polo',
    name: 'Chain Link Polo',
    priceRupees: 1299,
    sizes: ['S', 'M', 'L', 'XL'],
    collection: 'trap-themed',
    category: 'polos',
    description:
      'A white polo with a black chain-link print around the collar and placket.',
    fullDescription:
      'The chain is the oldest flex in street culture, and on this polo it is printed, not worn. A black chain-link pattern frames the placket and shoulders of a crisp white pique polo, giving a classic shape an unexpected edge. Pair it with black cargos and white sneakers for a clean monochrome fit.',
    manufactureAndCare:
      'Made in Tiruppur, India from 220 GSM 100% cotton pique with a flat-knit collar and tipped cuffs. Machine wash cold, do not bleach, dry flat to keep the collar crisp and iron on medium.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Chain-link print framing the placket',
      fit: 'Regular fit with side vents',
      neck: 'Flat-knit polo collar with a 3-button placket',
      occasion: 'Night outs, casual events, weekends',
      sleeveStyle: 'Half sleeves with ribbed armbands',
      washCare: 'Machine wash cold; dry flat to keep the collar in shape',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#f5f5f5', accent: '#212529', print: 'chain' },
    imageCount: 3,
  },
  {
    slug: 'mixtape-monday-polo',
    name: 'Mixtape Monday Polo',
    priceRupees: 1099,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'trap-themed',
    category: 'polos',
    description:
      'A storm-grey polo with a red lightning bolt for starting the week at full volume.',
    fullDescription:
      'New week, new mixtape. The Mixtape Monday Polo adds a small red lightning bolt to the chest of a storm-grey cotton pique, the kind of detail that makes a basic polo feel like yours. Soft, breathable and easy to iron, it is the shirt you will wear when you want to look put together without trying too hard.',
    manufactureAndCare:
      'Knitted in India from 210 GSM cotton-poly honeycomb pique that breathes in humid weather. Wash cold inside out, button the placket before washing, line dry in shade.',
    returnPolicy: '15 Days Returns & Exchange available.',
    keyHighlights: {
      design: 'Lightning bolt chest print',
      fit: 'Regular fit with side vents',
      neck: 'Flat-knit polo collar with a 3-button placket',
      occasion: 'Work weeks, college, casual outings',
      sleeveStyle: 'Half sleeves with ribbed armbands',
      washCare: 'Machine wash cold; dry flat to keep the collar in shape',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#2f3e46', accent: '#f94144', print: 'lightning' },
    imageCount: 3,
  },
  {
    slug: 'navratri-mirror-polo',
    name: 'Navratri Mirror Polo',
    priceRupees: 1199,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'other-designs',
    category: 'polos',
    description:
      'A saffron polo with white mirror-work diamonds, a festive shirt you can still wear to the office.',
    fullDescription:
      'Dress code says collared shirt, the calendar says Navratri. This polo solves both. White mirror-work diamonds are printed across a bright saffron pique, with a clean collar and placket that keep it office-appropriate. Come evening, roll the sleeves and head straight to the garba ground.',
    manufactureAndCare:
      'Made in India from 200 GSM mercerised cotton pique with a subtle sheen. Hand wash or gentle cycle in cold water, do not tumble dry, warm iron on the reverse side.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Mirror-work diamond print',
      fit: 'Regular fit with side vents',
      neck: 'Flat-knit polo collar with a 3-button placket',
      occasion: 'Festive office days, Navratri, family events',
      sleeveStyle: 'Half sleeves with ribbed armbands',
      washCare: 'Machine wash cold; dry flat to keep the collar in shape',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#fb5607', accent: '#ffffff', print: 'mirror' },
    imageCount: 4,
  },
  {
    slug: 'raas-leela-polo',
    name: 'Raas Leela Polo',
    priceRupees: 1099,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    collection: 'other-designs',
    category: 'polos',
    description:
      'A forest-green polo with golden dandiya sticks, ready for the raas from the first beat.',
    fullDescription:
      'Named after the dance that started it all, the Raas Leela Polo crosses two golden dandiya sticks on the chest of a deep forest-green pique. The colour is rich enough for the festive season, the breathable knit keeps you cool through the fastest rounds, and the structured collar looks great in every group photo.',
    manufactureAndCare:
      'Made in Tiruppur, India from 220 GSM 100% cotton pique with a flat-knit collar and tipped cuffs. Machine wash cold, do not bleach, dry flat to keep the collar crisp and iron on medium.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Crossed dandiya stick emblem',
      fit: 'Regular fit with side vents',
      neck: 'Flat-knit polo collar with a 3-button placket',
      occasion: 'Dandiya raas, festive gatherings, Navratri',
      sleeveStyle: 'Half sleeves with ribbed armbands',
      washCare: 'Machine wash cold; dry flat to keep the collar in shape',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#3a5a40', accent: '#ffd166', print: 'dandiya' },
    imageCount: 3,
  },
  {
    slug: 'mandala-motif-polo',
    name: 'Mandala Motif Polo',
    priceRupees: 1249,
    sizes: ['S', 'M', 'L', 'XL'],
    collection: 'other-designs',
    category: 'polos',
    description:
      'A soft blush polo with a violet mandala print on the back and a small one on the chest.',
    fullDescription:
      'A little mandala on the front, a big one on the back. This polo pairs a soft blush mercerised pique with a detailed violet mandala, balancing festive detail with a smart, easy silhouette. It is perfect for family gatherings when you want to look festive without going full ethnic.',
    manufactureAndCare:
      'Knitted in India from 210 GSM cotton-poly honeycomb pique that breathes in humid weather. Wash cold inside out, button the placket before washing, line dry in shade.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Front and back mandala prints',
      fit: 'Regular fit with side vents',
      neck: 'Flat-knit polo collar with a 3-button placket',
      occasion: 'Family gatherings, festive days, dinners',
      sleeveStyle: 'Half sleeves with ribbed armbands',
      washCare: 'Machine wash cold; dry flat to keep the collar in shape',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#f8edeb', accent: '#8338ec', print: 'mandala' },
    imageCount: 4,
  },
  {
    slug: 'kesari-festive-polo',
    name: 'Kesari Festive Polo',
    priceRupees: 1149,
    sizes: ['M', 'L', 'XL', 'XXL'],
    collection: 'other-designs',
    category: 'polos',
    description:
      'A kesari orange polo with a deep maroon lotus, festive colours in an everyday shape.',
    fullDescription:
      'Kesari and maroon is the colour combination of every temple flag and festive thali, and it looks just as good on a polo. A deep maroon lotus blooms on the chest of a bright kesari pique, with a tonal collar and tipped sleeves. Wear it to the temple in the morning and to the garba ground at night.',
    manufactureAndCare:
      'Made in India from 200 GSM mercerised cotton pique with a subtle sheen. Hand wash or gentle cycle in cold water, do not tumble dry, warm iron on the reverse side.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Lotus chest emblem',
      fit: 'Regular fit with side vents',
      neck: 'Flat-knit polo collar with a 3-button placket',
      occasion: 'Temple visits, Navratri, festive casual',
      sleeveStyle: 'Half sleeves with ribbed armbands',
      washCare: 'Machine wash cold; dry flat to keep the collar in shape',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#ff8500', accent: '#5a0001', print: 'lotus' },
    imageCount: 3,
  },
  {
    slug: 'garba-night-pique-polo',
    name: 'Garba Night Pique Polo',
    priceRupees: 1349,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    collection: 'other-designs',
    category: 'polos',
    description:
      'A deep navy polo with a garland of golden marigolds across the chest, made for the main night of garba.',
    fullDescription:
      'For the eighth night, when the whole society turns up in their best. A garland of golden marigolds runs across the chest of a deep navy pique polo, giving it a festive glow under the lights. The mercerised cotton has a gentle sheen, the collar keeps its shape through hours of dancing, and side vents give you room to move.',
    manufactureAndCare:
      'Made in Tiruppur, India from 220 GSM 100% cotton pique with a flat-knit collar and tipped cuffs. Machine wash cold, do not bleach, dry flat to keep the collar crisp and iron on medium.',
    returnPolicy: '7 Days Exchange available (size swaps only) for this limited festive drop.',
    keyHighlights: {
      design: 'Marigold garland chest print',
      fit: 'Regular fit with side vents',
      neck: 'Flat-knit polo collar with a 3-button placket',
      occasion: 'Garba nights, festive parties, weddings',
      sleeveStyle: 'Half sleeves with ribbed armbands',
      washCare: 'Machine wash cold; dry flat to keep the collar in shape',
    },
    deliveryInfo: { standardDelivery: '3-5 business days', expressDelivery: '1-2 business days', pincodeDelivery: true },
    art: { base: '#03045e', accent: '#ffba08', print: 'marigold' },
    imageCount: 4,
  },
];
