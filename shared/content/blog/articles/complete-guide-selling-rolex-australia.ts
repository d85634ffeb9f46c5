import type { BlogArticleSource } from '../types.ts';

export const article: BlogArticleSource = {
  slug: 'complete-guide-selling-rolex-australia',
  title: 'The Complete Guide to Selling Your Rolex in Australia',
  excerpt:
    'Everything an Australian owner needs to know before selling a Rolex: identifying your reference, gathering papers, judging condition, comparing offers and getting paid safely.',
  author: 'James Whitfield',
  publishedAt: '2025-01-20',
  category: 'Selling Guides',
  html: `
<p>Selling a Rolex should be straightforward. It is one of the most recognised and most traded watch brands in the world, and there is steady demand for good pre-owned examples right across Australia. Yet many owners leave money on the table, wait far longer than they expected, or take risks they did not need to take, simply because they went into the process without a plan.</p>

<p>This guide walks you through the whole journey, from working out exactly what you own to handing the watch over and seeing the money land in your account. Whether you inherited a vintage Datejust, are moving on from a modern Submariner, or want to fund your next purchase, the same principles apply.</p>

<h2>Step 1: Identify exactly what you own</h2>

<p>"A Rolex Submariner" is not a precise enough description to value a watch. Rolex has produced many generations of each model line, and small differences in reference, materials, dial and bezel can make a meaningful difference to what a buyer will pay. Before you ask anyone for a price, gather these details.</p>

<h3>The reference number</h3>

<p>The reference number identifies the model, case material and often the bezel style. Modern references are usually five or six digits, sometimes followed by letters that describe the bezel colour or material, for example <strong>116610LN</strong> (a Submariner Date with a black bezel) or <strong>126710BLRO</strong> (a GMT-Master II with a blue and red bezel). Older watches typically have four or five digit references.</p>

<p>You will usually find the reference on your warranty card or certificate. On many older watches it is also engraved on the case between the lugs at 12 o'clock, which means removing the bracelet to see it. If you are not comfortable doing that yourself, a reputable buyer or watchmaker can do it for you in a few minutes without marking the case.</p>

<h3>The serial number</h3>

<p>The serial number is unique to your watch and helps date it. On older Rolex watches it is engraved between the lugs at 6 o'clock. From the mid-to-late 2000s, Rolex moved the serial to the rehaut, the inner ring between the dial and the crystal, where you can read it by tilting the watch. Serials on recent watches are randomised, so they no longer map neatly to a year, which is one reason original papers matter more for modern pieces.</p>

<h3>Dial, bezel and bracelet</h3>

<p>Note the dial colour and any text, the bezel type, and the bracelet style (Oyster, Jubilee, President or another). On models such as the Datejust, the combination of dial, bezel and bracelet can change the appeal considerably. A few clear photos of the front, the back, the clasp and the rehaut will answer most of a buyer's questions before they even ask.</p>

<h2>Step 2: Gather your box, papers and records</h2>

<p>Completeness matters. A watch sold with its original box and papers is generally easier to sell and tends to attract stronger offers than the same watch on its own, because the buyer can pass that completeness on to the next owner. Look for:</p>

<ul>
<li><strong>The warranty card or certificate.</strong> Older Rolex watches came with paper certificates; more recent ones come with a credit-card style warranty card showing the serial and reference. This is the single most valuable document you can have.</li>
<li><strong>The original box</strong>, including the outer box, inner box and any booklets or hang tags.</li>
<li><strong>Your purchase receipt</strong>, which helps establish provenance and ownership.</li>
<li><strong>Service records</strong> from Rolex or an independent watchmaker, including any service card or invoice.</li>
<li><strong>Spare bracelet links.</strong> If the bracelet has been sized, find the removed links. A short bracelet limits who can wear the watch and can reduce offers.</li>
</ul>

<p>Missing papers are not a deal-breaker. Plenty of Rolex watches change hands without them, particularly older pieces. It simply means the buyer will rely more heavily on physical inspection and authentication, and the price will reflect that.</p>

<h2>Step 3: Assess condition honestly</h2>

<p>Condition is the factor sellers most often misjudge. Something that looks "near new" on the wrist can reveal scratches, dents and wear under a loupe. Being realistic from the start helps you compare offers sensibly and avoids disappointment when a professional inspects the watch.</p>

<p>Look at these areas in good light:</p>

<ul>
<li><strong>Case and lugs:</strong> scratches, dings and whether the edges still look crisp. Heavily polished cases with soft, rounded edges are less desirable, especially on older sports models.</li>
<li><strong>Bracelet:</strong> stretch between the links, wear on the clasp, and whether the clasp closes firmly.</li>
<li><strong>Crystal:</strong> chips or scratches in the sapphire (or acrylic on vintage pieces).</li>
<li><strong>Dial and hands:</strong> marks, moisture damage, or discoloured luminous material.</li>
<li><strong>Function:</strong> whether the watch winds, sets and keeps reasonable time, and whether the date changes cleanly.</li>
</ul>

<p>If you want a structured way to describe condition, our <a href="/blog/complete-guide-watch-condition-grading">guide to watch condition grading</a> explains the terms buyers and dealers use.</p>

<h3>Should you service or polish before selling?</h3>

<p>In most cases, no. A full service can be a significant expense, and you are unlikely to recover the cost in a higher sale price. Many buyers, including us, price in any servicing the watch needs and prefer to arrange it through their own watchmakers.</p>

<p>Polishing is an even clearer "don't". Polishing removes metal. On a vintage Rolex in particular, an unpolished case with original edges can be worth noticeably more than a polished one, and once that metal is gone it cannot be put back. A gentle clean with a soft cloth is all the preparation most watches need.</p>

<h2>Step 4: Understand what drives value</h2>

<p>Rolex prices are not fixed. They move with demand, supply and wider economic conditions. The main factors include:</p>

<ul>
<li><strong>Model and reference.</strong> Professional sports models such as the Submariner, GMT-Master II, Daytona and Explorer have traditionally attracted strong demand, while dress models such as the Datejust and Day-Date have their own dedicated buyers.</li>
<li><strong>Materials.</strong> Steel, two-tone, yellow, white and Everose gold and platinum all appeal to different buyers. Precious metal watches carry a higher intrinsic value but are not always easier to sell.</li>
<li><strong>Age and production status.</strong> Discontinued references can become more sought after, though not always.</li>
<li><strong>Completeness and condition</strong>, as described above.</li>
<li><strong>Originality.</strong> Aftermarket diamonds, non-Rolex bezels, replacement dials or non-original parts generally reduce value and can limit who will buy the watch at all.</li>
<li><strong>The exchange rate.</strong> The pre-owned Rolex market is global, and many reference prices are set in US dollars, Swiss francs or euros. Movements in the Australian dollar can shift what a watch is worth in AUD even when the international price has not changed.</li>
</ul>

<p>Because of all these variables, be wary of anyone quoting a firm price without seeing the watch or detailed photos, and be equally wary of treating online asking prices as sale prices. A listing price is what someone hopes to get, not what a watch actually sold for.</p>

<h2>Step 5: Get valuations and compare them properly</h2>

<p>Ask more than one buyer for a price. When you compare offers, make sure you are comparing like with like:</p>

<ul>
<li><strong>Is the offer firm or "subject to inspection"?</strong> Almost every serious buyer will need to inspect the watch before confirming a price, but ask what could change and why.</li>
<li><strong>What is the net amount?</strong> A higher headline figure means little if commissions, listing fees, photography fees or shipping costs come off it.</li>
<li><strong>When are you paid?</strong> Immediate payment on an outright purchase is very different from payment weeks or months later after a consignment or auction sale.</li>
<li><strong>Who carries the risk?</strong> Until you are paid, who is responsible if the watch is lost, damaged or stolen?</li>
</ul>

<p>A good buyer will explain how they reached their number. If someone cannot or will not explain their offer, treat that as a warning sign.</p>

<h2>Step 6: Choose how you will sell</h2>

<p>Australian Rolex owners have several realistic options, each with trade-offs between price, speed, effort and risk:</p>

<ol>
<li><strong>A specialist watch buyer</strong> makes an outright offer and pays once the watch is verified. This is usually the fastest and most certain route.</li>
<li><strong>A pre-owned watch dealer or jeweller</strong> may buy outright or offer consignment.</li>
<li><strong>Consignment</strong> can achieve closer to retail pricing but takes longer, involves commission, and offers no guarantee of a sale.</li>
<li><strong>Auction</strong> suits rare, vintage or particularly desirable pieces, but fees and timelines need careful consideration.</li>
<li><strong>A private sale</strong> avoids a middle party but puts the burden of security, authentication and payment verification on you.</li>
</ol>

<p>We compare these in much more depth in our <a href="/blog/where-to-sell-rolex-australia-2025-guide">guide to where to sell a Rolex in Australia</a>. For most owners, the right choice comes down to how quickly you want the money and how much time and risk you are willing to take on.</p>

<h2>Step 7: Expect authentication and proof of identity</h2>

<p>Any legitimate buyer will want to confirm your watch is genuine and that you have the right to sell it. This protects everyone, including you.</p>

<h3>Authentication</h3>

<p>A professional inspection typically covers the case, dial, hands, bezel, bracelet and clasp, engravings, and often the movement. It is not a reflection on you: high-quality counterfeits and watches fitted with non-original parts do circulate, and a careful buyer checks every watch. If you are uncertain about your own watch's history, particularly one that was inherited or bought privately, our <a href="/watch-authentication">watch authentication service</a> can help you understand what you have before you sell.</p>

<h3>Identity and licensing</h3>

<p>Across Australia, state and territory laws regulate the buying of second-hand goods. Depending on where you are, businesses that buy watches from the public must hold a second-hand dealer licence or registration and must record details of each seller and item. In practice, that means you should expect to show current photo identification, such as a driver's licence or passport, and to confirm that the watch is yours to sell.</p>

<p>If a business offers to buy a valuable watch without asking for any identification at all, that should make you cautious about how carefully it operates in other respects.</p>

<h2>Step 8: Get paid safely</h2>

<p>Payment is where private sellers are most exposed. A few rules protect you in almost every situation:</p>

<ul>
<li><strong>Never hand over the watch before funds have cleared.</strong> Not "been sent", not "pending": cleared and visible in your own account, checked through your own banking app rather than a screenshot or e-mail the buyer sends you.</li>
<li><strong>Prefer bank transfer.</strong> A direct transfer into your Australian bank account is the most common and transparent way to be paid for a high-value watch. Instant payments between participating banks can make this fast, though your bank may apply limits to large transfers.</li>
<li><strong>Be careful with cash.</strong> Large cash amounts carry their own risks, including counterfeit notes and personal safety, and are increasingly inconvenient to deposit.</li>
<li><strong>Avoid payment methods that can be reversed.</strong> Some online payment services and cards allow chargebacks long after the sale, leaving you without the watch and without the money.</li>
<li><strong>Watch for overpayment tricks.</strong> If a buyer "accidentally" pays too much and asks you to refund the difference, stop. This is a well-known scam.</li>
</ul>

<p>When dealing with an established buyer, you should receive a written record of the transaction, including the item description, the agreed price and the payment details.</p>

<h2>Shipping or handing over the watch</h2>

<p>If you are meeting a buyer in person, choose a safe, public place. Many private sellers meet at a bank branch, where funds can be confirmed on the spot. Avoid inviting strangers to your home and avoid wearing the watch to the meeting.</p>

<p>If you are sending the watch to a buyer elsewhere in Australia, plan the shipping carefully:</p>

<ul>
<li><strong>Check the cover.</strong> Standard postal compensation may be far below the value of a luxury watch, and some carriers restrict or exclude watches and jewellery. Read the terms before you send anything.</li>
<li><strong>Use tracked, signature-on-delivery services</strong>, or better still, a shipping arrangement organised and insured by the buyer.</li>
<li><strong>Package discreetly.</strong> Do not write "Rolex" anywhere on the outside, and consider leaving the branded outer box inside a plain carton.</li>
<li><strong>Photograph the watch</strong> and its serial before packing it, and keep the tracking and insurance details until the sale is complete.</li>
</ul>

<p>Reputable watch buyers who work with sellers across the country will usually explain exactly how insured transit works and who bears the risk while the watch is on its way.</p>

<h2>A note on tax</h2>

<p>Selling a personal watch can have tax implications in some circumstances, for example if the watch has increased in value or if you buy and sell watches regularly. The rules depend on your situation, and we are not tax advisers. If the amount is significant, speak to your accountant and keep your purchase and sale records.</p>

<h2>Common mistakes to avoid</h2>

<ul>
<li><strong>Accepting the first offer</strong> without checking at least one alternative.</li>
<li><strong>Relying on asking prices</strong> you have seen online rather than real sale prices and professional offers.</li>
<li><strong>Polishing or "refreshing"</strong> the watch before sale.</li>
<li><strong>Throwing away the box, papers or spare links</strong>, or forgetting they exist in a drawer somewhere.</li>
<li><strong>Sending the watch</strong> to a buyer you cannot verify, or before agreeing in writing on the price and process.</li>
<li><strong>Handing the watch over</strong> before the money has actually cleared.</li>
<li><strong>Underestimating time.</strong> A private sale or consignment can take weeks or months; if you need funds by a certain date, factor that in.</li>
</ul>

<h2>Your selling checklist</h2>

<ol>
<li>Record the model, reference and serial number.</li>
<li>Find your warranty card or papers, box, receipts, service records and spare links.</li>
<li>Take clear photos of the front, back, clasp and any marks.</li>
<li>Assess condition honestly, and leave polishing and servicing to the buyer.</li>
<li>Get at least two offers and compare net amounts, timing and risk.</li>
<li>Have your photo ID ready.</li>
<li>Agree the price and process in writing.</li>
<li>Confirm cleared funds before the watch leaves your hands.</li>
</ol>

<h2>Ready to sell?</h2>

<p>If you would like a straightforward, no-obligation offer, our team buys Rolex watches from private sellers throughout Australia. We explain how we value each watch, authenticate it carefully, and pay by bank transfer once everything is confirmed. You can start the process, with no obligation, through our <a href="/sell">selling page</a>.</p>

<blockquote><p>The best time to prepare is before you need to sell. Keep your papers together, your links in the box, and your expectations grounded in real offers rather than hopeful listings.</p></blockquote>
`,
};
