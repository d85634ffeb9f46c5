import type { BlogArticleSource } from '../types.ts';

export const article: BlogArticleSource = {
  slug: 'how-to-value-your-luxury-watch',
  title: 'How to Value Your Luxury Watch: A Realistic Guide for Australian Sellers',
  excerpt:
    'Reference, year, condition, papers and real sold prices: how to work out a realistic AUD value for your luxury watch, and why online asking prices can be misleading.',
  author: 'Daniel Kavanagh',
  publishedAt: '2025-04-15',
  category: 'Valuation',
  html: `
<p>"What is my watch worth?" is the first question almost every seller asks, and it is surprisingly hard to answer with a quick search. Online listings show a wide range of prices, retail prices keep changing, and figures from a few years ago can be far from today's market. It is easy to end up either disappointed by a fair offer or, worse, accepting far less than a watch is worth.</p>

<p>This guide explains how to arrive at a realistic valuation for a luxury watch in Australia. It covers the details that define your watch, the factors that move its value up or down, how to use market comparables properly, why asking prices are not the same as sold prices, and what to expect from an instant online estimate compared with an in-person valuation.</p>

<h2>First, Understand Which "Value" You Mean</h2>

<p>A single watch can have several different values, depending on the purpose. Confusing them is the most common reason sellers have unrealistic expectations.</p>

<ul>
<li><strong>Retail price</strong> is what the watch costs new from an authorised retailer in Australia today, if it is still in production. It is a useful reference point, but pre-owned watches do not automatically sell above or below it.</li>
<li><strong>Insurance or replacement value</strong> is what it would cost to replace the watch, often at retail. Insurance valuations are usually set on the high side so that you are fully covered, and they are not a guide to what a buyer will pay.</li>
<li><strong>Asking price</strong> is what a seller or dealer is hoping to achieve in a listing. It may or may not reflect what the watch eventually sells for.</li>
<li><strong>Sold price</strong> is what a comparable watch actually sold for. This is the most useful evidence of market value.</li>
<li><strong>Trade or purchase price</strong> is what a dealer or specialist buyer will pay you. It sits below retail sold prices because the buyer takes on the costs and risks of reselling.</li>
</ul>

<p>When you ask what your watch is worth, you are usually asking for the last of these: what someone will actually pay you, in AUD, today.</p>

<h2>Step 1: Identify Your Watch Precisely</h2>

<p>Two watches that look almost identical can differ significantly in value because of the reference number, dial variant or production period. Before anything else, gather the following details.</p>

<h3>Brand and model</h3>

<p>This is usually obvious from the dial, but the model name alone is not enough. A "Submariner", for example, covers many references made over several decades, with different materials, dials, bezels and movements.</p>

<h3>Reference number</h3>

<p>The reference number identifies the exact model. Where to find it depends on the brand:</p>

<ul>
<li>It is normally printed on the warranty card, certificate or original paperwork, which is the easiest place to look.</li>
<li>On many Rolex watches, the reference is engraved on the case between the lugs at the 12 o'clock position, which is only visible with the bracelet removed.</li>
<li>Patek Philippe and Audemars Piguet usually engrave reference information on the caseback, and it also appears on the certificate.</li>
<li>Some brands, including Omega, use longer reference numbers that encode the material, size and dial, which are usually shown on the papers.</li>
</ul>

<p>We do not recommend removing the bracelet or opening the caseback yourself. It is easy to scratch the case or damage the seals. If you cannot find the reference, a specialist can identify it during inspection.</p>

<h3>Serial number</h3>

<p>The serial number is unique to your watch. It helps confirm authenticity and, for many brands, the approximate production date. For your security, avoid posting your serial number publicly online, as serial numbers from genuine watches can be misused to produce counterfeit paperwork.</p>

<h3>Dial, bezel and bracelet</h3>

<p>Note the dial colour and any text or markings, the bezel type and the bracelet or strap. Some dial variants are considerably more desirable than others, and the correct factory bracelet can make a meaningful difference.</p>

<h2>Step 2: Establish the Year</h2>

<p>The age of a watch affects value in different ways depending on the model. For a current model, a more recent watch with remaining manufacturer warranty is usually worth more than an older example of the same reference. For discontinued and vintage models, particular production periods can be more collectable, for example because of dial variations or movement changes.</p>

<p>The simplest way to establish the year is from the date on the warranty card or certificate. Without papers, serial numbers, service records and the features of the watch itself can often narrow down the production period. Brands such as Patek Philippe and Audemars Piguet also offer archive extracts for older watches, which confirm the production date.</p>

<h2>Step 3: Assess Condition Honestly</h2>

<p>Condition is one of the biggest drivers of value, and it covers more than whether a watch looks shiny. Buyers look at the case and any signs of polishing, the crystal, dial, hands and bezel, the amount of bracelet stretch, and the health of the movement, including timekeeping and whether all functions work.</p>

<p>Some issues are minor and easily fixed. Others, such as a damaged dial or a case that has been over-polished, permanently affect value. It pays to be honest. A watch described accurately gets a more reliable estimate, and there are no unwelcome surprises at inspection. For a detailed walkthrough, see our <a href="/blog/complete-guide-watch-condition-grading">complete guide to watch condition grading</a>.</p>

<h2>Step 4: Check Completeness</h2>

<p>In the pre-owned market, "full set" means the watch comes with its original box, warranty card or certificate, booklets and any tags. Many buyers will pay noticeably more for a full set, and it usually makes a watch easier to sell. Original receipts, spare links, additional straps and any original parts returned after servicing add further value.</p>

<p>If you have lost the papers, your watch can still be sold and authenticated, but expect the offer to reflect the missing items, particularly for modern watches where papers are expected. Before concluding anything is lost, check old filing cabinets, drawers and the box itself, as papers are often tucked into a separate pocket or sleeve.</p>

<h2>Step 5: Gather the Service History</h2>

<p>Service history tells a buyer whether the watch will need work soon. A recent service by the manufacturer or a reputable watchmaker, supported by paperwork, reduces the buyer's cost and risk, and that can be reflected in the offer. If the watch has not been serviced for many years, or its history is unknown, a buyer will generally assume it needs a service and factor that cost in.</p>

<p>This does not mean you should service the watch before selling. A full service is a significant expense and the increase in the offer may not cover it. It is usually better to get a valuation first and ask whether servicing would make a difference.</p>

<h2>Step 6: Find Genuine Market Comparables</h2>

<p>With the details above, you can look for comparable watches. The goal is to find watches of the same reference, in similar condition, with a similar level of completeness, that have actually sold recently.</p>

<h3>Where to look</h3>

<ul>
<li><strong>Completed sales</strong> on marketplaces, where the final sale price is shown, are more useful than active listings.</li>
<li><strong>Auction results</strong> are published and show real hammer prices, although you need to account for buyer's premium and the fees paid by sellers.</li>
<li><strong>Specialist buyers</strong> see a large volume of real transactions and know where prices are currently sitting for popular references.</li>
</ul>

<h3>How to adjust comparables</h3>

<p>No two watches are identical, so every comparison needs adjusting. Ask yourself:</p>

<ol>
<li>Is the comparable in better or worse condition than mine?</li>
<li>Does it have box and papers, and does mine?</li>
<li>Is it more recent, or does it have remaining warranty?</li>
<li>Has it been recently serviced?</li>
<li>Is the price in AUD, or does it need converting? Overseas prices need currency conversion, and importing a watch involves shipping, insurance and GST, so an overseas price is not directly equivalent to a local one.</li>
<li>Was it sold by a dealer with a warranty, or privately?</li>
</ol>

<h2>Why Online Asking Prices Differ From Sold Prices</h2>

<p>Many sellers start by searching for their model online and are surprised when offers come in below the listings they found. There are several reasons why asking prices are a poor guide.</p>

<h3>Asking prices are hopes, not results</h3>

<p>Anyone can list a watch at any price. Some sellers list high and wait, or expect to negotiate. Listings that are priced too high often stay online for weeks or months, while fairly priced watches sell quickly and disappear. The result is that the listings you see are skewed towards the more expensive end.</p>

<h3>Dealer prices include costs and margin</h3>

<p>A dealer's retail price covers inspection, authentication, servicing or refurbishment, a warranty, photography, marketing, premises, staff, the cost of holding stock and GST where it applies, as well as a profit margin. When a dealer buys your watch, they need room for all of these, so the purchase price will be below their retail listing. This is the same in any second-hand market, from cars to jewellery.</p>

<h3>Market conditions change</h3>

<p>Listings can remain online long after market conditions have shifted. Prices for many popular watches moved significantly between 2021 and the years that followed, so older listings and articles can be misleading. Focus on recent evidence.</p>

<h3>Private sales carry risk and effort</h3>

<p>Private sales can sometimes achieve higher prices, but they come with costs that are easy to overlook: time spent answering enquiries, arranging safe meetings, verifying the buyer's payment and protecting yourself from scams. A sale to a specialist buyer trades some of that potential upside for speed, certainty and safety.</p>

<blockquote>A useful rule of thumb: the most reliable guide to your watch's value is what comparable watches have actually sold for recently, adjusted for condition and completeness, not what they are listed for.</blockquote>

<h2>Instant Valuation vs In-Person Valuation</h2>

<p>Many buyers, including our team, offer a quick online estimate followed by a full inspection. It helps to understand what each stage can and cannot tell you.</p>

<h3>Instant or online valuation</h3>

<p>An instant valuation is based on the information you provide: brand, model, reference, approximate year, condition, whether you have box and papers, and ideally photos. It is fast, convenient and a good way to get an idea of value without leaving home.</p>

<p>However, it is necessarily an estimate. Nobody can confirm authenticity, check the movement or see fine details of condition from a form and a few photos. The more accurate and complete your information, the closer the estimate will be to the final offer.</p>

<h3>In-person or physical valuation</h3>

<p>A physical inspection allows a specialist to examine the case under magnification, check for polishing, assess the dial and hands, measure timekeeping, test functions and, where appropriate, inspect the movement. It is also when authenticity is confirmed, which is essential for any high-value watch. Our <a href="/watch-authentication">watch authentication</a> page explains what this involves.</p>

<p>Following inspection, a buyer can make a firm offer. If the watch matches your description, the offer should be in line with the estimate. If the inspection reveals issues that were not disclosed, such as a replaced dial, non-original parts or a movement fault, the offer may change. This is why honest descriptions matter.</p>

<h3>Be cautious of valuations that seem too good</h3>

<p>An unusually high estimate that is cut back sharply at inspection is a common frustration for sellers. When comparing buyers, ask how firm their estimate is, what could change it, how and when payment is made, and whether there are any fees. A reliable buyer will explain their offer clearly.</p>

<h2>A Quick Valuation Checklist</h2>

<ul>
<li>Brand, model and reference number.</li>
<li>Serial number, kept private.</li>
<li>Year of purchase or production, from papers if available.</li>
<li>An honest assessment of condition, including any faults.</li>
<li>Box, papers, booklets, tags, receipts and spare links.</li>
<li>Service history and any parts returned from servicing.</li>
<li>Clear photos of the front, back, sides, clasp and paperwork.</li>
<li>Recent sold prices for comparable watches, adjusted for differences.</li>
</ul>

<h2>Selling in Australia: Practical Points</h2>

<p>A few practical considerations are specific to selling here:</p>

<ul>
<li><strong>Identification.</strong> Legitimate buyers will ask for photo identification and keep records, as required under second-hand dealer legislation in Australian states and territories.</li>
<li><strong>Payment.</strong> Confirm how you will be paid, in AUD, and when. Bank transfer to your own account is typical for professional buyers.</li>
<li><strong>Shipping.</strong> If you cannot attend in person, make sure your watch is fully insured in transit and sent using a secure, tracked method agreed with the buyer.</li>
<li><strong>Tax.</strong> If you are unsure whether the sale has any tax implications for you, speak to your accountant.</li>
</ul>

<h2>Get a Realistic Valuation</h2>

<p>Valuing a luxury watch accurately takes knowledge of the specific reference, its condition and how the market is moving right now. By gathering the details above and understanding the difference between asking prices and real sale prices, you will be in a strong position to judge any offer.</p>

<p>When you are ready, our team can provide a no-obligation valuation in AUD, starting with a quick online estimate and confirmed by a careful inspection. Start on our <a href="/sell">sell your watch</a> page, or if you own a Rolex, go straight to our dedicated <a href="/sell-rolex-watch">sell your Rolex</a> page.</p>
`,
};
