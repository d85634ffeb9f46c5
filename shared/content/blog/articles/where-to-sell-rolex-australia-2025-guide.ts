import type { BlogArticleSource } from '../types.ts';

export const article: BlogArticleSource = {
  slug: 'where-to-sell-rolex-australia-2025-guide',
  title: 'Where to Sell a Rolex in Australia: The 2025 Guide',
  excerpt:
    'Watch buyers, dealers, consignment, online marketplaces, auction or pawnbrokers: an honest 2025 comparison of where to sell a Rolex in Australia, and how to choose.',
  author: 'Daniel Moretti',
  publishedAt: '2025-03-10',
  category: 'Rolex',
  html: `
<p>If you own a Rolex and have decided to sell it, the next question is where. Australia offers more options than ever: specialist watch buyers, pre-owned dealers, jewellers, consignment services, online marketplaces, auction houses and pawnbrokers all compete for the same watches. They do not all offer the same deal, and the differences are not always obvious until you are halfway through the process.</p>

<p>This guide compares the main places to sell a Rolex in Australia in 2025, explains who each one suits, and flags the traps to avoid. If you want the full step-by-step process, from finding your reference number to getting paid, read our <a href="/blog/complete-guide-selling-rolex-australia">complete guide to selling your Rolex in Australia</a> alongside this one.</p>

<h2>What "best" actually means when selling a Rolex</h2>

<p>It is tempting to think the best place to sell is simply whoever offers the highest number. In practice, five factors decide how good a deal really is:</p>

<ul>
<li><strong>Net price:</strong> what lands in your account after commissions, fees, shipping and any deductions.</li>
<li><strong>Speed:</strong> how long from first contact to cleared funds.</li>
<li><strong>Certainty:</strong> whether the price is agreed up front or depends on a future sale.</li>
<li><strong>Safety:</strong> your exposure to scams, theft, reversed payments and disputes.</li>
<li><strong>Effort:</strong> how much of the photography, listing, negotiation and logistics falls on you.</li>
</ul>

<p>Every option below trades these factors off in a different way. The right choice depends on which ones matter most to you.</p>

<h2>The Rolex market in 2025</h2>

<p>It helps to understand the backdrop. The pre-owned Rolex market went through an exceptional boom in the early 2020s, when prices for popular steel sports models climbed far above retail. That period has since cooled, and many pre-owned prices have settled back. Demand for Rolex remains strong and consistent compared with most brands, but buyers are more price-conscious and more selective about condition and completeness than they were at the peak.</p>

<p>For sellers, that means two things. First, a valuation you received a few years ago, or a price you remember seeing online, may not reflect today's market. Second, well-kept watches with box and papers still sell readily, while watches with heavy wear, missing papers or non-original parts are more sensitive to price. Our overview of <a href="/blog/watch-market-trends-australia-2025">Australian watch market trends for 2025</a> covers the wider picture.</p>

<h2>1. Specialist watch buyers</h2>

<p>Specialist watch buyers purchase luxury watches directly from the public. You typically describe your watch and send photos, receive an indicative offer, then have the watch inspected and authenticated before the price is confirmed and paid.</p>

<p><strong>Why people choose it:</strong> it is usually the fastest and simplest route with a firm price. There is no listing to manage, no strangers to meet, and payment is normally made by bank transfer once the watch has been verified. A buyer that focuses on luxury watches will understand the difference between references, dial variants and condition grades, which tends to mean a more accurate offer than you would get from a generalist.</p>

<p><strong>The trade-off:</strong> the buyer has to resell the watch, so the offer reflects their costs and margin. You will generally receive less than the asking price of a similar watch in a retail showroom.</p>

<p><strong>Best for:</strong> most owners of modern and recent Rolex models who want a fair price, quickly and safely.</p>

<h2>2. Pre-owned watch dealers and jewellers</h2>

<p>Many pre-owned watch dealers and some jewellers will buy a Rolex outright. The process is similar to a specialist buyer, though some businesses buy only selectively, depending on their stock.</p>

<p><strong>Why people choose it:</strong> you can often walk in with the watch, have it assessed on the spot, and leave with an agreed sale. Established dealers understand the Rolex market well.</p>

<p><strong>The trade-off:</strong> offers can vary widely between businesses. A dealer already holding several examples of your model may offer less, while one with a buyer waiting may offer more. A general jeweller without a watch specialty may value the watch conservatively.</p>

<p><strong>Best for:</strong> sellers who want a face-to-face transaction and are willing to visit a few businesses to compare.</p>

<h2>3. Consignment</h2>

<p>With consignment, a dealer sells the watch on your behalf and pays you the sale price less a commission or agreed margin. You remain the owner until it sells.</p>

<p><strong>Why people choose it:</strong> because the watch is sold at or near retail, the net result can be higher than an outright sale.</p>

<p><strong>The trade-off:</strong> there is no guaranteed sale or timeline. Your watch may sit for weeks or months, and you may be encouraged to lower the price if it does not move. Your watch is also in someone else's hands, so you need to trust the dealer's reputation and financial stability, and have a clear written agreement covering commission, insurance, the minimum price, the length of the arrangement, how quickly you are paid after a sale, and how to get the watch back.</p>

<p><strong>Best for:</strong> patient sellers who do not need the money soon and have a particularly desirable watch.</p>

<h2>4. Online marketplaces and classifieds</h2>

<p>Online marketplaces, classified sites and social media groups let you list the watch yourself and deal directly with buyers.</p>

<p><strong>Why people choose it:</strong> in theory you capture the full retail value, with no middle party taking a margin.</p>

<p><strong>The trade-off:</strong> this is the option that carries the most risk and the most work. Listing a valuable Rolex publicly draws attention from scammers as well as genuine buyers. Common schemes include fake payment screenshots, payment methods that can be reversed weeks later, overpayment "refund" requests, and buyers who ask you to ship before paying. Meeting strangers with a valuable watch also carries personal safety risks. Some platforms charge listing or sales fees, and serious buyers may negotiate harder because they are taking a risk on a private seller.</p>

<p>If you do go this way, verify funds through your own banking app before handing over the watch, meet somewhere safe such as a bank branch, and never send the watch before payment has cleared.</p>

<p><strong>Best for:</strong> experienced sellers who are comfortable managing risk and have time to spare.</p>

<h2>5. Auction houses</h2>

<p>Auction houses in Australia and overseas regularly sell Rolex watches, and the large international houses hold dedicated watch sales.</p>

<p><strong>Why people choose it:</strong> for rare vintage Rolex, unusual dial variants or watches with interesting provenance, competitive bidding can achieve a strong result, and the process is transparent.</p>

<p><strong>The trade-off:</strong> auction is slow and fees apply on the selling side as well as the buying side. Sales are scheduled in advance, consignment deadlines fall well before the sale, and payment follows some weeks after. If bidding falls short of the reserve, the watch does not sell. For everyday modern references, auction results often resemble ordinary market prices, but with more cost and waiting.</p>

<p><strong>Best for:</strong> genuinely rare or collectable watches, especially vintage pieces.</p>

<h2>6. Pawnbrokers and second-hand stores</h2>

<p>Pawnbrokers and general second-hand retailers will often buy watches or lend against them.</p>

<p><strong>Why people choose it:</strong> they are convenient and can provide money on the spot, and a pawn loan lets you retrieve the watch later if you repay.</p>

<p><strong>The trade-off:</strong> these businesses deal with a wide range of goods and typically need a large margin to cover risk, so offers for luxury watches are often conservative. If you pawn rather than sell, read the loan terms carefully, including interest, fees and what happens if you cannot repay in time.</p>

<p><strong>Best for:</strong> short-term borrowing where you intend to keep the watch, rather than achieving the best sale price.</p>

<h2>7. Authorised dealers and trade-ins</h2>

<p>Rolex authorised dealers exist to sell new watches. Some retailers have also begun offering certified pre-owned Rolex watches, but that does not mean they will buy your watch outright, and any trade-in arrangement is usually tied to buying something else from them.</p>

<p><strong>Best for:</strong> existing clients who are buying another watch anyway and want to ask what is possible. Treat any trade-in figure as one offer to compare, not the default.</p>

<h2>Quick decision guide</h2>

<p>If you are still unsure, match your situation to the most suitable starting point:</p>

<ul>
<li><strong>"I want a fair price, quickly, without hassle."</strong> Get offers from two or three specialist buyers or reputable dealers.</li>
<li><strong>"I want the highest possible figure and I can wait."</strong> Consider consignment with a well-established dealer, with a written agreement.</li>
<li><strong>"My watch is vintage or unusual."</strong> Get an expert opinion first; auction or a specialist buyer may suit, depending on rarity.</li>
<li><strong>"I inherited it and I am not sure it is genuine."</strong> Start with authentication before deciding where to sell. Our <a href="/watch-authentication">watch authentication</a> service explains what is involved.</li>
<li><strong>"I need cash this week but want to keep the watch."</strong> A pawn loan may work, provided you understand the terms.</li>
<li><strong>"I am comfortable managing a private sale."</strong> An online listing can work, but follow strict payment and safety rules.</li>
</ul>

<h2>Red flags to watch for, whoever you sell to</h2>

<ul>
<li><strong>Pressure to decide immediately</strong>, or offers that "expire" within minutes.</li>
<li><strong>A price far above every other offer</strong>, which can be a tactic to secure the watch before a much lower "revised" figure is presented after inspection.</li>
<li><strong>Requests to send the watch before any agreement</strong> on price, process or insurance.</li>
<li><strong>Unusual payment arrangements</strong>: gift cards, cryptocurrency, overseas accounts, or payments from third parties.</li>
<li><strong>No identity check.</strong> In Australia, second-hand dealing is regulated by state and territory laws, and properly licensed or registered buyers are required to record who they buy from. A business that does not ask for ID is cutting corners.</li>
<li><strong>No written record</strong> of the item, the agreed price and the payment.</li>
</ul>

<h2>Questions to ask any buyer</h2>

<ol>
<li>Is your offer subject to inspection, and what could change it?</li>
<li>Are there any fees, commissions or deductions?</li>
<li>How and when will I be paid?</li>
<li>Who is responsible for the watch while it is in transit or in your care?</li>
<li>Are you licensed or registered as a second-hand dealer?</li>
<li>What identification will you need from me?</li>
<li>Will I receive a written record of the sale?</li>
</ol>

<p>A reputable buyer will answer each of these clearly and without hesitation.</p>

<h2>Selling from regional Australia or interstate</h2>

<p>Not everyone lives near a capital-city watch dealer. If you are in a regional town, your local options may be limited to a jeweller or pawnbroker, neither of which may specialise in Rolex. That does not mean you have to accept a lower offer. Many specialist buyers work with sellers nationally, starting with photos and a description, then arranging insured transit or an appointment when the watch can be inspected.</p>

<p>Before you agree to send a watch anywhere, confirm in writing the indicative price, what happens if the inspection changes that figure, who insures the watch at each stage, and how it will be returned to you, and at whose cost, if you decide not to proceed. A buyer that handles interstate sales regularly will have a clear answer to each of these points, and you should never feel pushed into posting a watch before you are comfortable.</p>

<h2>Getting your Rolex ready to sell</h2>

<p>Wherever you sell, the same preparation improves your outcome:</p>

<ul>
<li>Record the reference and serial numbers.</li>
<li>Find the warranty card or papers, box, spare links, receipts and service records.</li>
<li>Photograph the front, back, clasp and any marks in good natural light.</li>
<li>Do not polish or service the watch just to sell it; buyers price this in, and polishing removes metal permanently.</li>
<li>Have current photo ID ready.</li>
</ul>

<p>If the watch needs to travel, check the insurance carefully. Standard postal cover is rarely enough for a Rolex, and some carriers exclude watches and jewellery altogether. A reputable buyer should explain how insured transit works before you send anything.</p>

<h2>Where we fit in</h2>

<p>Our team buys Rolex watches from private sellers across Australia. We make clear, no-obligation offers, explain how we arrived at them, authenticate every watch carefully, and pay by bank transfer once everything is confirmed. If that sounds like the right route for you, you can get started on our <a href="/sell-rolex-watch">sell your Rolex</a> page.</p>

<blockquote><p>The best place to sell a Rolex is the one that gives you a fair net price, on a timeline that suits you, without putting you or your watch at risk. Compare at least two options, ask the right questions, and never hand over the watch before the money has cleared.</p></blockquote>
`,
};
