import type { BlogArticleSource } from '../types.ts';

export const article: BlogArticleSource = {
  slug: 'best-places-sell-patek-philippe-australia-2025',
  title: 'The Best Places to Sell a Patek Philippe in Australia in 2025',
  excerpt:
    'Auction houses, dealers, consignment, private sale or a specialist watch buyer? We compare the real pros and cons of each way to sell a Patek Philippe in Australia in 2025.',
  author: 'Sophie Carrington',
  publishedAt: '2025-02-17',
  category: 'Selling Guides',
  html: `
<p>A Patek Philippe is rarely an impulse purchase, and it should not be an impulse sale either. Whether you own a modern Nautilus or Aquanaut, a classic Calatrava, a complicated piece such as an annual calendar or chronograph, or a vintage reference handed down through the family, the way you sell it can make a real difference to what you receive, how long it takes and how much risk you carry along the way.</p>

<p>Australia has a smaller pool of Patek Philippe buyers than major watch hubs such as Geneva, Hong Kong or New York, and that shapes your options. In this guide we look at each realistic route for an Australian seller in 2025, with honest pros and cons, so you can choose the one that fits your watch and your circumstances.</p>

<h2>Before you choose: know exactly what you are selling</h2>

<p>Patek Philippe buyers are detail-oriented. The more precisely you can describe your watch, the more confidently a buyer can make an offer, and the less room there is for surprises later. Gather the following before you approach anyone.</p>

<h3>Reference, case number and movement number</h3>

<p>The reference number identifies the model and its configuration, for example a 5167A (Aquanaut in steel) or a 5196 (a Calatrava). Patek Philippe also records an individual case number and movement number for each watch. These appear on the certificate and can be found on the watch itself, usually on the caseback or movement. Buyers use them to check that the watch, its papers and its records all match.</p>

<h3>Certificate and papers</h3>

<p>Modern Patek Philippe watches are supplied with a certificate of origin showing the reference, case and movement numbers. Older watches may have a paper certificate, or no papers at all. A complete set that matches the watch is a real asset when selling, particularly on modern sports models where buyers expect it.</p>

<h3>Extract from the Archives</h3>

<p>For watches without papers, or for vintage pieces, Patek Philippe offers an Extract from the Archives. This is an official document, requested directly through the manufacture for a fee, that confirms details such as the reference, the movement and case numbers, and the date of manufacture and sale as recorded in the company's registers. It does not replace a physical inspection, but it can significantly increase a buyer's confidence in a vintage or undocumented watch. If you are planning a sale some months ahead, it may be worth requesting one early, as processing takes time.</p>

<h3>Service history</h3>

<p>Keep any invoices or service papers from Patek Philippe's official service network or a reputable independent watchmaker. Be aware that a factory service can involve replacing original parts such as hands, dials or crowns. For modern watches this is usually unremarkable, but for vintage pieces collectors often prefer original components, so it is worth knowing exactly what was done.</p>

<h2>Option 1: International auction houses</h2>

<p>The major international auction houses hold dedicated watch sales, often in Geneva, Hong Kong and New York, and they regularly feature Patek Philippe. They can be the right stage for a genuinely important watch.</p>

<h3>Pros</h3>

<ul>
<li><strong>Global reach.</strong> Your watch is seen by collectors around the world, not just in Australia.</li>
<li><strong>Competitive bidding.</strong> For rare or historically significant pieces, two determined bidders can push a result well beyond expectations.</li>
<li><strong>Expert cataloguing.</strong> Specialists research and describe the watch, which can add credibility.</li>
<li><strong>Public results.</strong> Sale prices are published, giving you a transparent outcome.</li>
</ul>

<h3>Cons</h3>

<ul>
<li><strong>Fees.</strong> Sellers typically pay a commission and may also be charged for insurance, photography or other costs. Terms are often negotiable for high-value watches, but you need to read them closely and calculate your net return.</li>
<li><strong>Time.</strong> Major sales are scheduled months apart, consignment deadlines fall well before the sale date, and payment usually arrives some weeks after the auction once the buyer has paid.</li>
<li><strong>Uncertainty.</strong> If bidding does not reach the reserve, the watch goes unsold and you may still face some costs.</li>
<li><strong>Logistics.</strong> Sending a valuable watch overseas involves specialist insured shipping and export paperwork, and bringing it home if it does not sell adds further complexity.</li>
<li><strong>Not every watch suits auction.</strong> Current-production pieces in ordinary condition often achieve results similar to the dealer market, but with more cost and delay.</li>
</ul>

<p><strong>Best for:</strong> rare vintage references, important complications, watches with notable provenance, and pieces where competitive bidding is likely.</p>

<h2>Option 2: Local Australian auction houses</h2>

<p>Several Australian auction houses include watches in their jewellery or collectables sales, and some hold dedicated watch auctions.</p>

<h3>Pros</h3>

<ul>
<li><strong>No international shipping.</strong> Consignment and inspection can happen locally.</li>
<li><strong>Established process</strong> with catalogues, viewings and published results.</li>
</ul>

<h3>Cons</h3>

<ul>
<li><strong>A smaller buyer pool</strong> than the international sales, which can limit competition for high-end pieces.</li>
<li><strong>Fees and timelines</strong> similar in structure to the larger houses: commission, possible additional costs, and a wait for payment.</li>
<li><strong>Variable specialist depth.</strong> Not every general auction house has deep Patek Philippe expertise, which matters for correct cataloguing of vintage references.</li>
</ul>

<p><strong>Best for:</strong> sellers who like the transparency of auction, with a watch that will attract keen local interest.</p>

<h2>Option 3: Specialist pre-owned dealers</h2>

<p>Established pre-owned watch dealers buy watches outright to resell through their own showrooms or online channels.</p>

<h3>Pros</h3>

<ul>
<li><strong>Speed and certainty.</strong> Once a price is agreed and the watch is verified, payment is usually prompt.</li>
<li><strong>Professional process.</strong> A reputable dealer will authenticate the watch, handle the paperwork and meet second-hand dealer requirements.</li>
<li><strong>No marketing effort on your part.</strong></li>
</ul>

<h3>Cons</h3>

<ul>
<li><strong>Dealer margin.</strong> A dealer needs to resell at a profit and cover servicing, overheads and risk, so an outright offer will sit below the retail price you may see advertised.</li>
<li><strong>Inventory preferences.</strong> A dealer who already holds several of your reference, or who mainly sells other brands, may make a cautious offer.</li>
</ul>

<p><strong>Best for:</strong> sellers who value certainty and convenience and have a watch with a well-established market.</p>

<h2>Option 4: Consignment</h2>

<p>Under a consignment arrangement, a dealer lists and sells your watch on your behalf, taking a commission or keeping an agreed margin when it sells. You remain the owner until then.</p>

<h3>Pros</h3>

<ul>
<li><strong>Potentially higher net price</strong> than an outright sale, because the watch is sold closer to retail.</li>
<li><strong>Professional presentation</strong> and access to the dealer's existing clients.</li>
</ul>

<h3>Cons</h3>

<ul>
<li><strong>No guarantee of a sale</strong>, and no fixed timeline. A watch can sit for months, especially if the asking price is ambitious.</li>
<li><strong>Price pressure.</strong> If the watch does not move, you may be asked to reduce the price.</li>
<li><strong>Counterparty risk.</strong> Your watch is in someone else's possession. You need a written agreement covering the minimum price, commission, insurance, how long the arrangement lasts, how quickly you are paid after a sale, and how you get the watch back.</li>
</ul>

<p><strong>Best for:</strong> patient sellers with a desirable watch, working with a dealer whose reputation and financial standing they trust.</p>

<h2>Option 5: Private sale</h2>

<p>Selling directly to another collector, through your own network, a watch club or an online listing, removes the middle party altogether.</p>

<h3>Pros</h3>

<ul>
<li><strong>The highest potential price</strong>, since no dealer margin or commission is deducted.</li>
<li><strong>Full control</strong> over the price and the buyer.</li>
</ul>

<h3>Cons</h3>

<ul>
<li><strong>Security.</strong> Advertising a high-value watch publicly and meeting strangers carries genuine personal risk.</li>
<li><strong>Scams.</strong> Fake payment confirmations, reversible payments, overpayment tricks and requests to ship before payment are common with high-value items.</li>
<li><strong>Buyer hesitation.</strong> Many private buyers are reluctant to pay full market value to an individual for a Patek Philippe without independent authentication, so you may end up negotiating down or arranging inspection anyway.</li>
<li><strong>Time and effort.</strong> Photographing, listing, answering questions and negotiating can take weeks.</li>
</ul>

<p><strong>Best for:</strong> experienced sellers, ideally selling to a buyer they already know, with a clear plan for verifying payment before the watch changes hands.</p>

<h2>Option 6: Specialist watch buyers</h2>

<p>Specialist watch buyers, such as our team, focus on purchasing luxury watches directly from private sellers. The model is simple: you describe the watch, receive an indicative offer, the watch is inspected and authenticated, and you are paid once everything is confirmed.</p>

<h3>Pros</h3>

<ul>
<li><strong>Speed.</strong> The process can often be completed in days rather than weeks or months.</li>
<li><strong>Certainty.</strong> You know the price before you commit, with no reserve to miss and no waiting for a sale.</li>
<li><strong>Security.</strong> No public listing, no strangers, and payment by bank transfer.</li>
<li><strong>Brand expertise.</strong> A buyer that regularly handles Patek Philippe will understand the difference between references, dial variants and condition grades.</li>
</ul>

<h3>Cons</h3>

<ul>
<li><strong>The offer reflects resale costs.</strong> Like a dealer, a watch buyer needs a margin, so you will generally receive less than the retail asking price of a comparable watch.</li>
<li><strong>Offers vary between buyers</strong>, so it pays to compare.</li>
</ul>

<p><strong>Best for:</strong> sellers who want a fair price quickly and safely, without the effort and risk of a private sale or the wait of consignment and auction. You can see how our process works on our <a href="/sell-patek-philippe-watch">sell your Patek Philippe</a> page.</p>

<h2>Option 7: Authorised retailers and trade-ins</h2>

<p>Patek Philippe's authorised retailers focus on selling new watches. Some may consider a pre-owned watch as part of a purchase or as a favour to an established client, but it is not something to count on, and any trade-in value will be tied to what you buy next. If you are a long-standing client, it may be worth asking, but treat it as one offer to compare rather than a default.</p>

<h2>Matching the route to your watch</h2>

<p>There is no single best place to sell every Patek Philippe. A sensible starting point looks like this:</p>

<ul>
<li><strong>Modern steel sports models</strong> (Nautilus, Aquanaut) with full papers: a well-understood market. Specialist buyers and dealers can usually make confident offers quickly, and comparing two or three of them is often the most efficient path.</li>
<li><strong>Calatrava and other dress watches</strong>: demand is steady but more selective, and buyers with Patek Philippe expertise tend to make better offers than generalists.</li>
<li><strong>Modern complications</strong> (annual and perpetual calendars, chronographs, world timers): condition, completeness and service history matter a great deal; a specialist or a well-matched consignment can suit.</li>
<li><strong>Rare vintage references</strong>: originality is everything. Get an expert opinion first. Auction may be appropriate for genuinely important pieces, while well-documented but less rare vintage watches can sell efficiently to specialist buyers.</li>
<li><strong>Inherited watches with unknown history</strong>: start with authentication and, if needed, an Extract from the Archives, then decide. Our <a href="/watch-authentication">watch authentication</a> service can help you understand what you have.</li>
</ul>

<h2>The Patek Philippe market in 2025</h2>

<p>The pre-owned luxury watch market has been through an unusual few years. Prices for many of the most sought-after steel sports models rose sharply during the boom that peaked around 2022 and have since cooled, while demand for classic and complicated pieces has tended to be more stable. Discontinued references, such as the Nautilus 5711, continue to attract interest, but condition and completeness still govern what an individual example is worth.</p>

<p>For Australian sellers, the exchange rate adds another layer. Patek Philippe is traded globally, often priced in US dollars, Swiss francs or euros, so movements in the Australian dollar can shift local values without any change in international demand. The practical lesson is that old valuations and online asking prices are a weak guide. A current offer from a buyer who has inspected your watch, or seen detailed photos, is the figure that counts. For a broader view, see our overview of <a href="/blog/watch-market-trends-australia-2025">watch market trends in Australia for 2025</a>.</p>

<h2>Practical tips whichever route you choose</h2>

<ol>
<li><strong>Do not polish the watch.</strong> Original, unpolished cases are prized, especially on vintage Patek Philippe and on the distinctive finishing of the Nautilus and Aquanaut.</li>
<li><strong>Do not service it just to sell it.</strong> Buyers price in servicing, and a factory service on a vintage watch may replace parts collectors would rather keep.</li>
<li><strong>Find everything that came with it:</strong> boxes, certificate, spare links, additional straps, receipts and service papers.</li>
<li><strong>Compare net outcomes, not headline numbers.</strong> Deduct commissions and costs, and factor in how long you will wait for payment.</li>
<li><strong>Put agreements in writing</strong>, especially for consignment or auction.</li>
<li><strong>Expect identity checks.</strong> Second-hand dealing is regulated by state and territory laws in Australia, and licensed or registered buyers must record who they buy from. Have current photo ID ready.</li>
<li><strong>Never release the watch before cleared funds</strong> are visible in your own bank account.</li>
<li><strong>Ship only with appropriate insurance.</strong> Standard postal cover is rarely adequate for a Patek Philippe, and some carriers exclude watches entirely.</li>
</ol>

<h2>The bottom line</h2>

<p>The best place to sell your Patek Philippe depends on what matters most to you. If the watch is rare and you can wait, auction or consignment may reward your patience, at the cost of fees, time and uncertainty. If you want certainty, speed and security, an outright sale to a specialist buyer or reputable dealer is usually the most practical route. Private sales can deliver the highest figure but demand the most care.</p>

<blockquote><p>Whatever you decide, get more than one opinion, compare what you will actually receive, and never let the watch go until you have been paid.</p></blockquote>

<p>If you would like a no-obligation offer, our team would be glad to help. Tell us about your watch through our <a href="/sell">selling page</a> and we will explain exactly how we arrived at our number.</p>
`,
};
